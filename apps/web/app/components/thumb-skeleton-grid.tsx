import { useTranslation } from 'react-i18next';

/**
 * Placeholder thumbs while a block loads, so the page does not jump when they arrive. `still` while the block
 * only waits to come near the viewport: an animation's start and every iteration is an event the browser
 * dispatches on the page's thread (React listens for them at its root), from load until the visitor scrolled.
 */
export function ThumbSkeletonGrid({ count, still = false }: { count: number; still?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={
        still ? 'thumb-grid thumb-grid--skeleton thumb-grid--still' : 'thumb-grid thumb-grid--skeleton'
      }
      role="status"
      aria-label={t('home.loading')}
    >
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <div key={i} className="thumb-skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}
