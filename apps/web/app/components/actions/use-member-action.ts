import { useCallback, useState } from 'react';
import { type PostResult, postForm } from '../../lib/legacy-post';
import { useLoginModal } from '../auth/login-modal';
import { useNotify } from '../toasts';

/**
 * Posts a member action: visitors get the login modal instead (spec §6); every answer becomes a toast.
 * Returns the answer, or null when nothing was sent.
 */
export function useMemberAction() {
  const login = useLoginModal();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T = Record<string, unknown>>(
      path: string,
      fields: Record<string, string | number>,
      opts: { quiet?: boolean } = {},
    ) => {
      if (!login.requireSignIn()) return null;
      setBusy(true);
      const result = (await postForm<T & { code?: string }>(path, fields)) as PostResult<
        T & { code?: string }
      >;
      setBusy(false);
      if (!result.ok && result.code === 'auth_error') login.open();
      else if (!opts.quiet || !result.ok) notify(result);
      return result;
    },
    [login, notify],
  );
  return { run, busy };
}
