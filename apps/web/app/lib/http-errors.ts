import { data } from 'react-router';

/** Thrown from a loader: the root error boundary renders the 404 page with a real 404 status. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** tRPC errors that mean "no such thing" rather than "something broke". */
export function isMissingError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}
