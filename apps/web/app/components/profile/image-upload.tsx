import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { errorText } from '../../lib/form-errors';
import { uploadForm } from '../../lib/upload-form';
import { FormError } from '../auth/form-error';
import { GatedImage } from '../gated-image';
import { useNotify } from '../toasts';

/** Avatar or cover: picking a file uploads it at once, with a progress bar; errors show under it. */
export function ImageUpload({ kind, current }: { kind: 'avatar' | 'cover'; current: string | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setError(null);
    if (file.size > 10 * 1024 * 1024) return setError(errorText(t, { code: 'file_too_large' }));
    if (!/^image\/(jpeg|png|webp|gif)$/.test(file.type))
      return setError(errorText(t, { code: 'bad_file_type' }));
    const form = new FormData();
    form.set('section', kind);
    form.set('file', file);
    setPercent(0);
    const r = await uploadForm('/api/member.php', form, setPercent);
    setPercent(null);
    if (!r.ok) return setError(errorText(t, r));
    notify(r);
    revalidator.revalidate();
  };

  return (
    <div className={`image-upload image-upload--${kind}`} data-testid={`${kind}-upload`}>
      {current && <GatedImage className="image-upload__preview" src={current} alt="" />}
      <label className="button">
        {percent === null ? t('member_edit.upload') : t('member_edit.uploading', { percent })}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="visually-hidden"
          onChange={pick}
        />
      </label>
      {percent !== null && (
        <progress max={100} value={percent} aria-label={t('member_edit.uploading', { percent })} />
      )}
      <p className="image-upload__hint">{t(`member_edit.${kind}_hint`)}</p>
      <FormError text={error} />
    </div>
  );
}
