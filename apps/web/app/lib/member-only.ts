import { type AppLoadContext, redirect } from 'react-router';

/** Spec §2: member-only pages send a visitor to `/`. Returns the member's id. */
export function requireMemberPage(context: AppLoadContext): number {
  if (context.viewer.memberId === null) throw redirect('/', 302);
  return context.viewer.memberId;
}
