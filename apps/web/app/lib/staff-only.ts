import type { AppLoadContext } from 'react-router';
import { notFound } from './http-errors';

export type StaffRole = 'moderator' | 'admin';

/** Moderation pages: members and visitors get the same 404 as for a missing page. */
export function requireStaff(context: AppLoadContext, role: StaffRole = 'moderator'): number {
  const r = context.viewer.role;
  const allowed = role === 'admin' ? r === 'admin' : r === 'moderator' || r === 'admin';
  if (!allowed || context.viewer.memberId === null) notFound();
  return context.viewer.memberId;
}
