import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText, escapeAttribute } from '../lib/copy-text';
import type { VideoDetail } from '../lib/dto';
import { COPIED_MS, EMBED_HEIGHT, EMBED_WIDTH } from '../lib/video-extras-constants';
import { Modal } from './modal';

/** The embed code other sites paste: the player in a 426×265 iframe. */
export function embedCode(origin: string, video: Pick<VideoDetail, 'id' | 'dir' | 'title'>): string {
  const src = `${origin}/embed/${video.id}/${video.dir}/`;
  return `<iframe src="${src}" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" frameborder="0" scrolling="no" allowfullscreen title="${escapeAttribute(video.title)}"></iframe>`;
}

export function CopyField({
  label,
  value,
  multiline,
  testId,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const ok = await copyText(value, fieldRef.current);
    setStatus(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    // Spec §4: 'Copied' shows for one second.
    if (ok) timer.current = setTimeout(() => setStatus('idle'), COPIED_MS);
  };

  return (
    <div className="copy-field" data-testid={testId}>
      <div className="copy-field__label">
        <label htmlFor={fieldId}>{label}</label>
        {multiline ? (
          <textarea
            id={fieldId}
            ref={fieldRef}
            className="copy-field__input"
            value={value}
            readOnly
            rows={3}
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : (
          <input
            id={fieldId}
            ref={fieldRef}
            className="copy-field__input"
            value={value}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </div>
      <button type="button" className="button copy-field__button" onClick={copy}>
        {status === 'copied' ? t('share.copied') : t('share.copy')}
      </button>
      {status === 'failed' && <p className="copy-field__hint">{t('share.copy_failed')}</p>}
    </div>
  );
}

export function ShareModal({
  video,
  origin,
  onClose,
}: {
  video: VideoDetail;
  origin: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('share.title')} closeLabel={t('share.close')} onClose={onClose} testId="share-modal">
      <CopyField label={t('share.link')} value={`${origin}${video.url}`} testId="share-link" />
      <CopyField label={t('share.embed')} value={embedCode(origin, video)} multiline testId="share-embed" />
      <p className="modal__hint">{t('share.embed_hint', { width: EMBED_WIDTH, height: EMBED_HEIGHT })}</p>
    </Modal>
  );
}

/** An album has no player to embed: its link only. */
export function ShareLinkModal({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('share.title_album')}
      closeLabel={t('share.close')}
      onClose={onClose}
      testId="share-modal"
    >
      <CopyField label={t('share.link')} value={url} testId="share-link" />
    </Modal>
  );
}
