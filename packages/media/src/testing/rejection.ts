import type { MediaError } from '../errors';

/** The MediaError a promise rejects with; fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<MediaError> {
  try {
    await promise;
  } catch (err) {
    return err as MediaError;
  }
  throw new Error('did not reject');
}
