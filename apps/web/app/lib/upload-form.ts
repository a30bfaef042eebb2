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

/**
 * Sends a chosen preview image ahead of the video or the edit (video_edit.php act=preview, where the server
 * checks it like any hostile file); its token then travels with the upload's metadata or the edit.
 */
export async function storePreviewImage(
  file: File,
): Promise<{ token: string } | { problem: { code: string; info?: Record<string, unknown> } }> {
  const body = new FormData();
  body.set('act', 'preview');
  body.set('preview', file);
  const sent = await uploadForm<{ preview: string }>('/api/video_edit.php', body, () => {});
  return sent.ok ? { token: sent.preview } : { problem: { code: sent.code, info: sent.info } };
}
