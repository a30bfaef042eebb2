import { type RefObject, useCallback, useEffect, useState } from 'react';

interface WebkitVideo extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void;
}

/** Full screen for the player box; iPhone Safari only supports it on the video element itself. */
export function useFullscreen(
  boxRef: RefObject<HTMLElement | null>,
  videoRef: RefObject<HTMLVideoElement | null>,
): [boolean, () => void] {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const onChange = () => setActive(!!boxRef.current && document.fullscreenElement === boxRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [boxRef]);

  const toggle = useCallback(() => {
    const box = boxRef.current;
    if (!box) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else if (document.fullscreenEnabled && box.requestFullscreen) {
      box.requestFullscreen().catch(() => {});
    } else {
      (videoRef.current as WebkitVideo | null)?.webkitEnterFullscreen?.();
    }
  }, [boxRef, videoRef]);

  return [active, toggle];
}
