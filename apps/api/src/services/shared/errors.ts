import { AppError } from '../../lib/app-error';

/** Every member action's "not signed in" answer (legacy conventions: 401 auth_error). */
export const authError = () =>
  new AppError('auth_error', { status: 401, message: 'Please sign in to complete this action' });

export function requireMember(viewerId: number | null): number {
  if (viewerId === null) throw authError();
  return viewerId;
}

export const videoNotFound = () =>
  new AppError('video_not_found', { status: 404, message: 'Video not found' });
