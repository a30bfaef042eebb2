import { useEffect, useState } from 'react';

/** Spec §4: on mobile the header hides on scroll-down past this offset. */
export const HEADER_HIDE_OFFSET = 60;
/** Spec §9: the mobile breakpoint. */
export const MOBILE_MEDIA = '(max-width: 768px)';

/**
 * True while the header should be out of the way: on a mobile screen, scrolled past the offset and last
 * moving down. Scrolling up shows it again; `paused` (an open menu) keeps it shown.
 */
export function useHideOnScroll(paused: boolean, offset = HEADER_HIDE_OFFSET): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (paused) {
      setHidden(false);
      return;
    }
    const mobile = window.matchMedia(MOBILE_MEDIA);
    let lastY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (!mobile.matches || y <= offset) setHidden(false);
      else if (y > lastY) setHidden(true);
      else if (y < lastY) setHidden(false);
      lastY = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    mobile.addEventListener('change', update);
    return () => {
      window.removeEventListener('scroll', onScroll);
      mobile.removeEventListener('change', update);
      cancelAnimationFrame(frame);
    };
  }, [paused, offset]);

  return hidden;
}
