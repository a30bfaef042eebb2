/**
 * Counts attempts per key in a window and says when a key has had too many. Backed by the shared
 * rate-limit store (services/limits), so every API process sees the same counts and a restart keeps them.
 */
export interface AttemptLimiter {
  isLocked(key: string): Promise<boolean>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}
