import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { under } from '../media/timeline-vtt';

/**
 * The `media.free` job: a deleted video's own processed directory and its uploads' originals leave the disk.
 * Only a video that is still deleted loses its files, and re-runs find nothing left to remove.
 */
export function createMediaFree({
  sqlite,
  mediaDir,
  uploadsDir,
}: {
  sqlite: Database.Database;
  mediaDir: string;
  uploadsDir: string;
}) {
  const deleted = sqlite.prepare('SELECT 1 FROM videos WHERE id = ? AND status_id = 5').pluck();
  const forget = sqlite.prepare('UPDATE videos SET media_path = NULL WHERE id = ? AND media_path = ?');
  return ({
    videoId,
    mediaPath,
    uploadIds,
  }: {
    videoId: number;
    mediaPath: string | null;
    uploadIds: string[];
  }) => {
    if (!deleted.get(videoId)) return { freed: 0 };
    let freed = 0;
    const dir = mediaPath && mediaPath === `uploads/${videoId}` ? under(mediaDir, mediaPath) : null;
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
      forget.run(videoId, mediaPath);
      freed++;
    }
    for (const id of uploadIds)
      if (/^[a-f0-9]{32}$/.test(id))
        for (const file of [id, `${id}.json`]) {
          rmSync(join(uploadsDir, file), { force: true });
          freed++;
        }
    return { freed };
  };
}
