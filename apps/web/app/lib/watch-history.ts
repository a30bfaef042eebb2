import { WATCH_HISTORY_KEY, WATCH_HISTORY_LIMIT } from './site-constants';

/** The local watch history entry shape of the legacy front end (spec §3, local data). */
export interface WatchHistoryEntry {
  type: 'video';
  params: { video_id: number; dir: string; title: string; thumb: string };
}

function isEntry(value: unknown): value is WatchHistoryEntry {
  if (!value || typeof value !== 'object') return false;
  const { type, params } = value as Partial<WatchHistoryEntry>;
  return (
    type === 'video' && !!params && typeof params.video_id === 'number' && typeof params.dir === 'string'
  );
}

/** Parses stored history defensively: anything malformed is dropped, never thrown. */
export function parseWatchHistory(raw: string | null): WatchHistoryEntry[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** Puts `entry` first, removes an older copy of the same video and keeps at most `limit` entries. */
export function addToWatchHistory(
  history: WatchHistoryEntry[],
  entry: WatchHistoryEntry,
  limit = WATCH_HISTORY_LIMIT,
): WatchHistoryEntry[] {
  const rest = history.filter((item) => item.params.video_id !== entry.params.video_id);
  return [entry, ...rest].slice(0, limit);
}

export function readWatchHistory(storage: Storage): WatchHistoryEntry[] {
  return parseWatchHistory(storage.getItem(WATCH_HISTORY_KEY));
}

export function recordWatch(storage: Storage, entry: WatchHistoryEntry): void {
  try {
    storage.setItem(WATCH_HISTORY_KEY, JSON.stringify(addToWatchHistory(readWatchHistory(storage), entry)));
  } catch {
    // Storage full or disabled (private mode): history is a convenience, not worth an error.
  }
}
