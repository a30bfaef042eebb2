import { PREVIEW_TYPES } from '@vt/rules';
import { useTranslation } from 'react-i18next';

/** The file input of "use my own preview image", with its rules, on the upload form and the edit dialog. */
export function PreviewFileInput({ name, invalid }: { name: string; invalid?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <input
        type="file"
        name={name}
        accept={PREVIEW_TYPES.join(',')}
        aria-label={t('upload.preview.file')}
        aria-invalid={invalid ? true : undefined}
      />
      <span className="image-upload__hint">{t('upload.preview.hint')}</span>
    </>
  );
}
