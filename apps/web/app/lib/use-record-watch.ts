import { useEffect } from 'react';
import type { VideoThumb } from './dto';
import { recordWatch } from './watch-history';

/** Signed-out visitors keep their history in localStorage; members' history is kept by the server. */
export function useRecordWatch(video: VideoThumb, enabled: boolean): void {
  const { id, dir, title, thumb } = video;
  useEffect(() => {
    if (!enabled) return;
    try {
      recordWatch(window.localStorage, { type: 'video', params: { video_id: id, dir, title, thumb } });
    } catch {
      // localStorage itself can be unavailable.
    }
  }, [id, dir, title, thumb, enabled]);
}
