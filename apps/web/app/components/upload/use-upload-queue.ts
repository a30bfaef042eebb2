import { MAX_CONCURRENT_UPLOADS } from '@vt/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviousUpload, Upload } from 'tus-js-client';
import type { FieldError } from '../../lib/form-errors';
import { headHash } from '../../lib/upload-rules';

export type ItemState = 'waiting' | 'uploading' | 'paused' | 'done' | 'error';

export interface QueueItem {
  key: string;
  file: File;
  title: string;
  state: ItemState;
  sent: number;
  total: number;
  /** Bytes per second, smoothed over the last few seconds. */
  speed: number;
  error: FieldError | null;
}

interface Job {
  metadata: Record<string, string>;
  /** An unfinished upload of this file to continue (its tus URL), instead of a new one. */
  resumeUrl: string | null;
  upload: Upload | null;
  samples: [number, number][];
}

const ENDPOINT = '/api/upload/';
const tusClient = () => import('tus-js-client');

/** The unfinished uploads tus keeps in this browser (localStorage), by the id at the end of their URL. */
export async function storedUploads(): Promise<Map<string, PreviousUpload & { urlStorageKey: string }>> {
  const tus = await tusClient();
  const all = (await tus.defaultOptions.urlStorage?.findAllUploads()) ?? [];
  const byId = new Map<string, PreviousUpload & { urlStorageKey: string }>();
  for (const entry of all as (PreviousUpload & { urlStorageKey: string })[]) {
    const id = entry.uploadUrl?.split('/').pop();
    if (id) byId.set(id, entry);
  }
  return byId;
}

/** Forgets an unfinished upload: deleted on the server, and its entry in this browser. */
export async function discardUpload(id: string): Promise<void> {
  const tus = await tusClient();
  await tus.Upload.terminate(`${ENDPOINT}${id}`).catch(() => {});
  const entry = (await storedUploads()).get(id);
  if (entry) await tus.defaultOptions.urlStorage?.removeUpload(entry.urlStorageKey);
}

/**
 * Several resumable uploads with tus-js-client, each with its own progress, pause, resume and cancel; at most
 * MAX_CONCURRENT_UPLOADS are sent at a time (the server refuses more), the rest wait their turn.
 */
export function useUploadQueue(chunkSize: number, onFinished: () => void) {
  const [items, setItems] = useState<QueueItem[]>([]);
  const jobs = useRef(new Map<string, Job>());
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    const all = jobs.current;
    return () => {
      for (const job of all.values()) void job.upload?.abort();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<QueueItem>) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));
  }, []);

  const start = useCallback(
    async (item: QueueItem) => {
      const job = jobs.current.get(item.key);
      if (!job) return;
      const tus = await tusClient();
      job.samples = [];
      const u = new tus.Upload(item.file, {
        endpoint: ENDPOINT,
        chunkSize,
        metadata: job.metadata,
        // Retries ride out a dropped connection; after the last one the row offers Resume.
        retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
        removeFingerprintOnSuccess: true,
        onProgress(sent, total) {
          const now = performance.now();
          job.samples = [...job.samples.filter(([t]) => now - t < 5000), [now, sent]];
          const [t0, b0] = job.samples[0];
          patch(item.key, { sent, total, speed: now > t0 ? ((sent - b0) * 1000) / (now - t0) : 0 });
        },
        onSuccess() {
          patch(item.key, { state: 'done', sent: item.file.size });
          finished.current();
        },
        onError(err) {
          const body =
            (err as { originalResponse?: { getBody(): string } }).originalResponse?.getBody() ?? '';
          let error: FieldError = { code: 'network' };
          try {
            const parsed = JSON.parse(body) as FieldError;
            if (parsed.code) error = { code: parsed.code, info: parsed.info };
          } catch {}
          patch(item.key, { state: 'error', error });
        },
      });
      job.upload = u;
      if (job.resumeUrl) {
        // A stored entry keeps tus's bookkeeping (removed on success); without one the URL alone resumes.
        const entry = (await storedUploads()).get(job.resumeUrl.split('/').pop() ?? '');
        if (entry) u.resumeFromPreviousUpload(entry);
        else u.options.uploadUrl = job.resumeUrl;
      } else {
        const previous = await u.findPreviousUploads();
        if (previous.length > 0) u.resumeFromPreviousUpload(previous[0]);
      }
      patch(item.key, { state: 'uploading', error: null });
      u.start();
    },
    [chunkSize, patch],
  );

  // Whenever a slot is free, the next waiting file starts: started ones hold a slot until they end.
  useEffect(() => {
    const busy = items.filter((i) => i.state === 'uploading' || i.state === 'paused').length;
    const next = items.filter((i) => i.state === 'waiting').slice(0, MAX_CONCURRENT_UPLOADS - busy);
    for (const item of next) {
      patch(item.key, { state: 'uploading' });
      void start(item);
    }
  }, [items, patch, start]);

  return {
    items,
    /** Queues files to send with their metadata (each with its own title); they start as slots free up. */
    async add(
      entries: { file: File; title: string; metadata: Record<string, string>; resumeUrl?: string }[],
    ) {
      const added: QueueItem[] = [];
      for (const e of entries) {
        const key = `${e.file.name}-${e.file.size}-${Math.random().toString(36).slice(2)}`;
        const head = e.resumeUrl ? null : await headHash(e.file);
        jobs.current.set(key, {
          metadata: { ...e.metadata, ...(head ? { head } : {}) },
          resumeUrl: e.resumeUrl ?? null,
          upload: null,
          samples: [],
        });
        added.push({
          key,
          file: e.file,
          title: e.title,
          state: 'waiting',
          sent: 0,
          total: e.file.size,
          speed: 0,
          error: null,
        });
      }
      setItems((list) => [...list, ...added]);
    },
    pause(key: string) {
      void jobs.current.get(key)?.upload?.abort();
      patch(key, { state: 'paused', speed: 0 });
    },
    resume(key: string) {
      const job = jobs.current.get(key);
      if (!job?.upload) return;
      job.samples = [];
      job.upload.start();
      patch(key, { state: 'uploading', error: null });
    },
    /** Stops the file and deletes what was sent on the server. */
    async cancel(key: string) {
      const job = jobs.current.get(key);
      setItems((list) => list.filter((i) => i.key !== key));
      jobs.current.delete(key);
      await job?.upload?.abort(true).catch(() => {});
    },
    /** The server ids of the uploads this page is sending (their rows are not "unfinished"). */
    activeIds(): Set<string> {
      const ids = new Set<string>();
      for (const job of jobs.current.values()) {
        const id = job.upload?.url?.split('/').pop() ?? job.resumeUrl?.split('/').pop();
        if (id) ids.add(id);
      }
      return ids;
    },
  };
}
