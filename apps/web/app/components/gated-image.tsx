import type { CSSProperties, ImgHTMLAttributes } from 'react';
import { useMediaAllowed } from '../lib/age-gate';

/**
 * An <img> that waits for the age gate: until the visitor passes it, a placeholder of the same class
 * and size stands in, with no URL anywhere in the markup.
 */
export function GatedImage(props: ImgHTMLAttributes<HTMLImageElement>) {
  const allowed = useMediaAllowed();
  // biome-ignore lint/a11y/useAltText: alt comes with the props
  if (allowed) return <img {...props} />;
  const { className, width, height } = props;
  return (
    <span
      className={className ? `${className} media-held` : 'media-held'}
      // Custom properties, so the image's own class still sizes it (see .media-held in compliance.css).
      style={
        width !== undefined && height !== undefined
          ? ({ '--held-w': `${width}px`, '--held-ratio': `${width} / ${height}` } as CSSProperties)
          : undefined
      }
      // The alt text (a title) is next to every image as text anyway; the placeholder itself says nothing.
      aria-hidden="true"
      data-testid="media-held"
    />
  );
}
