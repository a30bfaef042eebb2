import { useTranslation } from 'react-i18next';

/** Placeholder thumbs while a block loads, so the page does not jump when they arrive. */
export function ThumbSkeletonGrid({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <div className="thumb-grid thumb-grid--skeleton" role="status" aria-label={t('home.loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <div key={i} className="thumb-skeleton" aria-hidden="true">
          <div className="thumb-skeleton__media" />
          <div className="thumb-skeleton__line" />
          <div className="thumb-skeleton__line thumb-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}
