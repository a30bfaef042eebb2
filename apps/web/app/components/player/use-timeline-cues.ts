import { useEffect, useState } from 'react';
import { parseTimelineVtt, type TimelineCue } from './timeline-vtt';

/** Loads the seek-preview WebVTT once the player is on screen in the browser. */
export function useTimelineCues(vttUrl: string | null): TimelineCue[] {
  const [cues, setCues] = useState<TimelineCue[]>([]);

  useEffect(() => {
    if (!vttUrl) return;
    const controller = new AbortController();
    const absolute = new URL(vttUrl, window.location.href).href;
    fetch(absolute, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => setCues(parseTimelineVtt(text, absolute)))
      .catch(() => {
        // Without sprites the seek bar still shows the time label.
      });
    return () => controller.abort();
  }, [vttUrl]);

  return cues;
}
