import type { PostResult } from './legacy-post';

/** A multipart POST with upload progress (fetch cannot report it), answering like postForm. */
export function uploadForm<T = Record<string, unknown>>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<PostResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((100 * event.loaded) / event.total));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as PostResult<T>);
      } catch {
        resolve({ error: 'unknown', code: 'unknown' });
      }
    };
    xhr.onerror = () => resolve({ error: 'network', code: 'network' });
    xhr.send(form);
  });
}
