import type { Lang } from '@vt/i18n';
import { createI18n } from '@vt/i18n';
import { AppError } from '../../lib/app-error';
import type { RateLimits } from '../limits/rate-limits.service';
import type { MembersRepository } from '../members/members.repository';
import type { Clock } from '../shared/clock';
import { checkEmail, required } from '../shared/field-rules';
import { checkNotWeak, checkPassword } from './account-rules';
import type { Mailer } from './mailer';
import { hashPassword, verifyPassword } from './password';
import type { SessionService } from './session.service';
import { generateToken, hashToken } from './tokens';

const EMAIL_TTL = 48 * 3600;

const wrongPassword = (field: string) =>
  new AppError('wrong_password', { status: 400, field, message: 'The current password is wrong' });
const invalidToken = () =>
  new AppError('invalid_token', { status: 400, message: 'This link is invalid or has expired.' });

type AccountMail = 'email_change' | 'email_changed' | 'email_in_use';

export interface AccountDeps {
  members: MembersRepository;
  clock: Clock;
  sessions: SessionService;
  mailer: Mailer;
  origin: string;
  limits: RateLimits;
}

/**
 * The signed-in member's own account: password and email changes (docs/decisions/0030). The current
 * password is asked for every change, so a browser left signed in cannot take the account over.
 */
export function createAccountService({ members, clock, sessions, mailer, origin, limits }: AccountDeps) {
  function compose(to: string, lang: Lang, kind: AccountMail, vars: Record<string, string>) {
    const { t } = createI18n(lang);
    return {
      to,
      subject: t(`mail.${kind}.subject`, { site: t('site.name') }),
      text: t(`mail.${kind}.body`, { site: t('site.name'), ...vars }),
    };
  }

  /** The member, once the current password (field `current`) is right. */
  async function proven(memberId: number, password: string | undefined, field = 'current') {
    const row = await members.account(memberId);
    if (!row) throw new AppError('auth_error', { status: 401 });
    if (!password) throw required(field);
    // Guessing the current password from a stolen session is throttled like a sign-in.
    await limits.hit(['accountPassword', memberId]);
    if (!row.password_hash || !(await verifyPassword(row.password_hash, password)))
      throw wrongPassword(field);
    return row;
  }

  return {
    proven,
    email: async (memberId: number) => (await members.account(memberId))?.email ?? '',
    sessionNotFound: () =>
      new AppError('session_not_found', { status: 404, message: 'This session is already signed out' }),

    /** A new password for the current one; every other session is signed out. */
    async changePassword(
      memberId: number,
      input: { current?: string; pwd?: string },
      currentToken: string | null,
    ): Promise<{ code: string }> {
      const password = checkPassword(input.pwd);
      const row = await proven(memberId, input.current);
      checkNotWeak(password, row.name);
      await members.setPassword(memberId, await hashPassword(password));
      await sessions.invalidateOthers(memberId, currentToken);
      return { code: 'password_changed' };
    },

    /**
     * Mails a confirmation link to the new address; nothing changes until it is followed. An address that
     * belongs to another account answers exactly the same (its owner gets a notice instead of a link), so
     * the form tells nobody which addresses have accounts.
     */
    async requestEmailChange(
      memberId: number,
      input: { current?: string; email?: string },
      lang: Lang,
      ip: string,
    ): Promise<{ code: string }> {
      const email = checkEmail(input.email);
      const row = await proven(memberId, input.current);
      await limits.hit(['mailPerAddress', ip], ['mailPerEmail', email]);
      if (email === row.email) return { code: 'email_change_sent' };
      const token = generateToken();
      const mail = compose(email, lang, 'email_change', {
        name: row.name,
        link: `${origin}/confirm/?email=1&token=${token}`,
      });
      const owner = await members.byEmail(email);
      if (owner) {
        mailer.queue(compose(email, lang, 'email_in_use', { name: owner.name }));
        return { code: 'email_change_sent' };
      }
      await members.insertToken({
        hash: hashToken(token),
        memberId,
        purpose: 'email',
        expiresAt: clock.now() + EMAIL_TTL,
        payload: email,
      });
      mailer.queue(mail);
      return { code: 'email_change_sent' };
    },

    /** Follows the link: the address changes now, and the old one is told. */
    async confirmEmailChange(token: string, lang: Lang): Promise<{ id: number; name: string }> {
      const hash = hashToken(token);
      const row = await members.findToken(hash, 'email');
      if (!row?.payload || row.used_at !== null || row.expires_at <= clock.now()) throw invalidToken();
      const before = await members.account(row.member_id);
      if (!before) throw invalidToken();
      let changed: boolean;
      try {
        changed = await members.changeEmail(hash, row.member_id, row.payload, clock.now());
      } catch {
        // Taken by a registration since the link was sent.
        throw invalidToken();
      }
      if (!changed) throw invalidToken();
      mailer.queue(compose(before.email, lang, 'email_changed', { name: before.name, email: row.payload }));
      return { id: row.member_id, name: before.name };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
