export const MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];

/**
 * The list with the item at `at` swapped with its neighbour before (`up`) or after it, or null when it is
 * already first (last) and nothing moves. Callers store the result as positions 1…n.
 */
export function moved<T>(list: readonly T[], at: number, direction: MoveDirection): T[] | null {
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= list.length) return null;
  const out = [...list];
  [out[at], out[to]] = [out[to], out[at]];
  return out;
}
