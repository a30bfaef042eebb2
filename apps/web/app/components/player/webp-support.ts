import { useEffect, useState } from 'react';

// A 1×1 lossy WebP: decoding it is the test, since canvas encoding support (absent in Safari) says nothing.
const PROBE = 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA';
let support: Promise<boolean> | null = null;

function probeWebp(): Promise<boolean> {
  support ??= new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.width === 1);
    img.onerror = () => resolve(false);
    img.src = PROBE;
  });
  return support;
}

/**
 * Whether CSS backgrounds (the seek-preview sprites) may use the WebP variants; <picture> needs no such
 * test. False until known, so a first hover at worst shows the JPEG.
 */
export function useWebpSupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    let live = true;
    probeWebp().then((ok) => live && setSupported(ok));
    return () => {
      live = false;
    };
  }, []);
  return supported;
}
