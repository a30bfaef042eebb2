const pad = (n: number): string => String(n).padStart(2, '0');

function split(sec: number): [number, number, number] {
  const total = Number.isFinite(sec) && sec > 0 ? Math.floor(sec) : 0;
  return [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
}

/** Thumb badge and player clock: 'mm:ss', or 'h:mm:ss' from one hour on. */
export function formatDuration(sec: number): string {
  const [h, m, s] = split(sec);
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** The legacy `duration` field: always 'hh:mm:ss'. */
export function hhmmss(sec: number): string {
  const [h, m, s] = split(sec);
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}
