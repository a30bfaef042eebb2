import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';

export type UploadState = 'idle' | 'uploading' | 'paused' | 'done' | 'error';

export interface UploadProgress {
  sent: number;
  total: number;
  /** Bytes per second, smoothed over the last few seconds. */
  speed: number;
}

/**
 * One resumable upload with tus-js-client: start (resuming a previous attempt of the same file after a
 * reload or a dropped connection, by the fingerprint tus stores in localStorage), pause, resume, cancel.
 */
export function useTusUpload(chunkSize: number) {
  const upload = useRef<Upload | null>(null);
  const samples = useRef<[number, number][]>([]);
  const [state, setState] = useState<UploadState>('idle');
  const [progress, setProgress] = useState<UploadProgress>({ sent: 0, total: 0, speed: 0 });
  const [error, setError] = useState<{ code: string; info?: Record<string, unknown> } | null>(null);

  useEffect(() => () => void upload.current?.abort(), []);

  const start = useCallback(
    async (file: File, metadata: Record<string, string>) => {
      const tus = await import('tus-js-client');
      setError(null);
      samples.current = [];
      const u = new tus.Upload(file, {
        endpoint: '/api/upload/',
        chunkSize,
        metadata,
        // Retries ride out a dropped connection; after the last one the page offers Resume.
        retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
        removeFingerprintOnSuccess: true,
        onProgress(sent, total) {
          const now = performance.now();
          samples.current = [...samples.current.filter(([t]) => now - t < 5000), [now, sent]];
          const [t0, b0] = samples.current[0];
          const speed = now > t0 ? ((sent - b0) * 1000) / (now - t0) : 0;
          setProgress({ sent, total, speed });
        },
        onSuccess() {
          setState('done');
        },
        onError(err) {
          const body =
            (err as { originalResponse?: { getBody(): string } }).originalResponse?.getBody() ?? '';
          try {
            const parsed = JSON.parse(body) as { code: string; info?: Record<string, unknown> };
            setError({ code: parsed.code, info: parsed.info });
          } catch {
            setError({ code: 'network' });
          }
          setState('error');
        },
      });
      upload.current = u;
      const previous = await u.findPreviousUploads();
      if (previous.length > 0) u.resumeFromPreviousUpload(previous[0]);
      setProgress({ sent: 0, total: file.size, speed: 0 });
      setState('uploading');
      u.start();
    },
    [chunkSize],
  );

  return {
    state,
    progress,
    error,
    start,
    pause() {
      void upload.current?.abort();
      setState('paused');
    },
    resume() {
      samples.current = [];
      upload.current?.start();
      setState('uploading');
    },
    /** Stops and deletes the upload on the server. */
    async cancel() {
      await upload.current?.abort(true);
      upload.current = null;
      setState('idle');
      setProgress({ sent: 0, total: 0, speed: 0 });
    },
  };
}
