/**
 * Counts failed sign-in attempts per key in a sliding window. In memory: one API process answers logins,
 * and a restart forgetting the counts only ever helps a legitimate member.
 */
export function createAttemptLimiter({
  max,
  windowSeconds,
  now,
}: {
  max: number;
  windowSeconds: number;
  now: () => number;
}) {
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const since = now() - windowSeconds;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };

  return {
    isLocked(key: string): boolean {
      return recent(key).length >= max;
    },
    fail(key: string): void {
      const list = recent(key);
      list.push(now());
      failures.set(key, list);
      // Keep memory bounded against a flood of distinct keys.
      if (failures.size > 100_000) failures.delete(failures.keys().next().value!);
    },
    reset(key: string): void {
      failures.delete(key);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
