import { formatDuration } from '@vt/i18n';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { apiClient } from '../../lib/api-client';
import type { StaffProvenance } from '../../lib/dto';
import { formatDate } from '../../lib/intl';
import { GatedImage } from '../gated-image';
import { VideoPlayer } from '../player/video-player';
import { FingerprintMatches } from './fingerprint-matches';
import { ProvenanceSlot } from './provenance-slot';
import { RestorationPanel } from './restoration-panel';
import { SpriteStrip } from './sprite-strip';
import { VersionsAction } from './versions-action';

export type QueueItemData = Awaited<
  ReturnType<ReturnType<typeof apiClient>['moderation']['queue']['query']>
>['items'][number];

/** Approve needs a processed item; reject also takes failed ones. Uploads still being read take neither. */
export const canApprove = (item: QueueItemData) =>
  item.kind !== 'upload' && item.state === 'ready' && !(item.kind === 'video' && item.heldAsCopyOf !== null);
export const canReject = (item: QueueItemData) =>
  item.kind !== 'upload' && (item.state === 'ready' || item.state === 'failed');

export const STATUS_LABEL: Record<number, string> = {
  1: 'active',
  2: 'pending',
  3: 'pending',
  4: 'rejected',
  5: 'deleted',
  7: 'suspended',
};

/** One queue entry: what a decision needs at a glance; the focused one also plays. */
export function QueueItem({
  item,
  provenance,
  focused,
  selected,
  lang,
  onFocus,
  onToggle,
  onApprove,
  onReject,
  onApproveCopy,
}: {
  item: QueueItemData;
  /** Its provenance as the page's loader read it; undefined for an item that arrived later. */
  provenance?: StaffProvenance | null;
  focused: boolean;
  selected: boolean;
  lang: string;
  onFocus: () => void;
  onToggle: () => void;
  onApprove: () => void;
  onReject: () => void;
  /** A full copy held by its fingerprint match: the explicit, audited override (ADR 0034). */
  onApproveCopy?: () => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const seek = (seconds: number) => {
    const video = box.current?.querySelector('video');
    if (video) video.currentTime = seconds;
  };
  const percent = Math.round(item.state === 'ready' ? 100 : item.progress * 100);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: j/k move the focus for keyboard users (queue page)
    <article
      ref={box}
      className={`queue-item${focused ? ' queue-item--focused' : ''}${selected ? ' queue-item--selected' : ''}`}
      data-testid="queue-item"
      data-key={item.key}
      data-state={item.state}
      aria-current={focused ? 'true' : undefined}
      onClick={onFocus}
    >
      <header className="queue-item__head">
        {(canApprove(item) || canReject(item)) && (
          <input
            type="checkbox"
            checked={selected}
            onChange={onToggle}
            onClick={(e) => e.stopPropagation()}
            aria-label={t('moderation.queue.select', { title: item.title })}
          />
        )}
        <span className={`queue-item__kind queue-item__kind--${item.kind}`}>
          {t(`moderation.kind.${item.kind}` as 'moderation.kind.video')}
        </span>
        <h2 className="queue-item__title">{item.title}</h2>
      </header>

      <dl className="queue-item__facts">
        <div>
          <dt>{t('moderation.queue.uploader')}</dt>
          <dd>
            {item.uploader ? <Link to={`/members/${item.uploader.id}/`}>{item.uploader.name}</Link> : '—'}{' '}
            <span className="queue-item__history" data-testid="uploader-history">
              {t('moderation.queue.history', {
                approved: item.history.approved,
                rejected: item.history.rejected,
                takenDown: item.history.takenDown,
              })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('moderation.queue.uploaded')}</dt>
          <dd>{formatDate(item.uploadedAt, lang)}</dd>
        </div>
        {item.kind === 'video' && (
          <>
            <div>
              <dt>{t('moderation.queue.duration')}</dt>
              <dd>{item.durationSec ? formatDuration(item.durationSec) : '—'}</dd>
            </div>
            <div>
              <dt>{t('moderation.queue.resolution')}</dt>
              <dd>{item.width ? `${item.width}×${item.height}` : '—'}</dd>
            </div>
          </>
        )}
        {item.kind === 'album' && (
          <div>
            <dt>{t('moderation.queue.photos')}</dt>
            <dd>{item.photosAmount}</dd>
          </div>
        )}
      </dl>

      {item.state === 'processing' && (
        <div className="queue-item__progress" data-testid="queue-progress">
          <progress max={100} value={percent} aria-label={t('moderation.queue.processing')} />
          <span>
            {t('moderation.queue.processing_line', {
              percent,
              stage: item.stage ? t(`upload.stage.${item.stage}` as 'upload.stage.hashing') : '',
            })}
          </span>
        </div>
      )}
      {item.state === 'failed' && (
        <p className="queue-item__error" role="status">
          {t(`upload.failure.${item.error ?? 'unknown'}` as 'upload.failure.unknown', {
            defaultValue: t('moderation.queue.job_error', { error: item.error ?? '' }),
          })}
        </p>
      )}

      {item.kind === 'video' && item.duplicates.length > 0 && (
        <ul className="queue-item__duplicates" data-testid="duplicate-hints">
          {item.duplicates.map((d) => (
            <li key={`${d.kind}-${d.videoId}`}>
              {t(`moderation.queue.duplicate.${d.kind}` as 'moderation.queue.duplicate.same_file')}{' '}
              <Link to={`/videos/${d.videoId}/`}>{d.title}</Link> (
              {t(`moderation.status.${STATUS_LABEL[d.statusId] ?? 'pending'}` as 'moderation.status.pending')}
              )
            </li>
          ))}
        </ul>
      )}

      {item.kind === 'video' && <ProvenanceSlot videoId={item.id} known={provenance} />}
      {item.kind === 'video' && (
        <FingerprintMatches
          matches={item.matches}
          heldAsCopyOf={item.heldAsCopyOf}
          lang={lang}
          statusLabel={STATUS_LABEL}
          onApproveCopy={item.state === 'ready' ? onApproveCopy : undefined}
        />
      )}

      {item.kind === 'video' && item.media && (
        <div className="queue-item__media">
          {focused ? (
            <>
              <VideoPlayer
                src={item.media.hls}
                poster={item.media.poster}
                title={item.title}
                durationSec={item.durationSec}
                timelineVtt={item.media.timelineVtt}
              />
              {item.media.timelineVtt && (
                <SpriteStrip vttUrl={item.media.timelineVtt} durationSec={item.durationSec} onSeek={seek} />
              )}
            </>
          ) : (
            <GatedImage
              className="queue-item__poster"
              src={item.media.poster}
              alt=""
              loading="lazy"
              width={240}
              height={135}
            />
          )}
        </div>
      )}
      {item.kind === 'video' && item.restoration && (
        <RestorationPanel videoId={item.id} data={item.restoration} lang={lang} />
      )}
      {item.kind === 'album' && item.resubmitted && (
        <p className="queue-item__note" data-testid="album-resubmitted">
          {t('moderation.album_resubmitted')}
        </p>
      )}
      {item.kind === 'album' && (
        <div className="queue-item__photos">
          {item.photos.map((src) => (
            <GatedImage key={src} src={src} alt="" loading="lazy" width={120} height={90} />
          ))}
        </div>
      )}
      {item.kind === 'edit' && <EditChanges item={item} />}
      {item.kind !== 'upload' && 'description' in item && item.description && (
        <p className="queue-item__description">{item.description}</p>
      )}

      {(canApprove(item) || canReject(item)) && (
        <div className="queue-item__actions">
          {canApprove(item) && (
            <button
              type="button"
              className="button button--primary"
              onClick={(e) => {
                e.stopPropagation();
                onApprove();
              }}
            >
              {t('moderation.approve')} <kbd>a</kbd>
            </button>
          )}
          <button
            type="button"
            className="button button--danger"
            onClick={(e) => {
              e.stopPropagation();
              onReject();
            }}
          >
            {t('moderation.reject.button')} <kbd>r</kbd>
          </button>
          {item.kind === 'video' && <VersionsAction videoId={item.id} defaultRole="version" />}
        </div>
      )}
    </article>
  );
}

type EditItem = Extract<QueueItemData, { kind: 'edit' }>;

/** An uploader's edit of a published video: what visitors see now next to what would replace it. */
function EditChanges({ item }: { item: EditItem }) {
  const { t } = useTranslation();
  const cell = (field: EditItem['changes'][number]['field'], value: string) =>
    field === 'image' ? (
      <GatedImage src={value} alt="" loading="lazy" width={240} height={135} />
    ) : (
      value || <span className="edit-changes__empty">{t('moderation.edit.empty')}</span>
    );
  return (
    <>
      <table className="edit-changes" data-testid="edit-changes">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('moderation.edit.before')}</th>
            <th scope="col">{t('moderation.edit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {item.changes.map((c) => (
            <tr key={c.field} data-field={c.field}>
              <th scope="row">{t(`moderation.edit.field.${c.field}` as 'moderation.edit.field.title')}</th>
              <td className="edit-changes__before">{cell(c.field, c.before)}</td>
              <td className="edit-changes__after">{cell(c.field, c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Link to={`/videos/${item.videoId}/${item.dir}/`} onClick={(e) => e.stopPropagation()}>
        {t('moderation.edit.view')}
      </Link>
    </>
  );
}
