import type { Lang } from '@vt/i18n';
import { createI18n } from '@vt/i18n';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../clock';
import { checkEmail, checkPassword, checkUsername, NAME_MIN, PASSWORD_MIN } from './account-rules';
import { createAttemptLimiter } from './attempt-limiter';
import type { Mailer } from './mailer';
import { hashPassword, verifyPassword } from './password';
import type { SessionService } from './session.service';
import { generateToken, hashToken } from './tokens';

const HOUR = 3600;
const CONFIRM_TTL = 48 * HOUR;
const RESTORE_TTL = HOUR;
/** 20 wrong passwords in 15 minutes lock that name; an address gets more room (shared NATs). */
export const NAME_ATTEMPTS = 20;
const IP_ATTEMPTS = 100;
const WINDOW = 15 * 60;

const invalidCredentials = () =>
  new AppError('invalid_usr_or_pwd', { status: 401, field: 'usr', message: 'Invalid name or password' });
const tooManyAttempts = () =>
  new AppError('too_many_attempts', {
    status: 429,
    message: 'Too many authorization attempts. Try again later.',
  });

interface MemberRow {
  id: number;
  name: string;
  email: string;
  password_hash: string | null;
  status: 'unconfirmed' | 'active' | 'suspended';
}

export interface AuthDeps {
  sqlite: Database.Database;
  clock: Clock;
  sessions: SessionService;
  mailer: Mailer;
  origin: string;
}

/** Registration with email confirmation, sign-in with attempt limits, and password restore by link. */
export function createAuthService({ sqlite, clock, sessions, mailer, origin }: AuthDeps) {
  const byName = sqlite.prepare('SELECT * FROM members WHERE name = ? COLLATE NOCASE');
  const byEmail = sqlite.prepare('SELECT * FROM members WHERE email = ?');
  const insertMember = sqlite.prepare(
    `INSERT INTO members (name, email, password_hash, status, created_at) VALUES (?, ?, ?, 'unconfirmed', ?)`,
  );
  const insertToken = sqlite.prepare(
    'INSERT INTO member_tokens (token_hash, member_id, purpose, expires_at) VALUES (?, ?, ?, ?)',
  );
  const findToken = sqlite.prepare(
    'SELECT member_id, expires_at, used_at FROM member_tokens WHERE token_hash = ? AND purpose = ?',
  );
  const useToken = sqlite.prepare('UPDATE member_tokens SET used_at = ? WHERE token_hash = ?');
  const seen = sqlite.prepare('UPDATE members SET last_seen_at = ? WHERE id = ?');
  const limiter = createAttemptLimiter({ max: NAME_ATTEMPTS, windowSeconds: WINDOW, now: clock.now });
  const ipLimiter = createAttemptLimiter({ max: IP_ATTEMPTS, windowSeconds: WINDOW, now: clock.now });
  // Unknown names still pay for one verify, so timing does not tell which names exist.
  const dummyHash = hashPassword('not-a-real-password');

  function issueToken(memberId: number, purpose: 'confirm' | 'restore', ttl: number): string {
    const token = generateToken();
    insertToken.run(hashToken(token), memberId, purpose, clock.now() + ttl);
    return token;
  }

  /** A valid, unused, unexpired token's member; marks it used. */
  function redeem(token: string, purpose: 'confirm' | 'restore'): number {
    const hash = hashToken(token);
    const row = findToken.get(hash, purpose) as
      | { member_id: number; expires_at: number; used_at: number | null }
      | undefined;
    if (!row || row.used_at !== null || row.expires_at <= clock.now())
      throw new AppError('invalid_token', { status: 400, message: 'This link is invalid or has expired.' });
    useToken.run(clock.now(), hash);
    return row.member_id;
  }

  async function mail(to: string, lang: Lang, kind: 'confirm' | 'restore', vars: Record<string, string>) {
    const { t } = createI18n(lang);
    await mailer.send({
      to,
      subject: t(`mail.${kind}.subject`, { site: t('site.name') }),
      text: t(`mail.${kind}.body`, { site: t('site.name'), ...vars }),
    });
  }

  return {
    /** Creates an unconfirmed member and mails the confirmation link. */
    async register(input: {
      usr?: string;
      pwd?: string;
      email?: string;
      lang: Lang;
    }): Promise<{ id: number }> {
      const name = checkUsername(input.usr);
      const password = checkPassword(input.pwd);
      const email = checkEmail(input.email);
      if (byName.get(name))
        throw new AppError('username_taken', {
          status: 409,
          field: 'usr',
          message: 'This username is already taken',
        });
      if (byEmail.get(email))
        throw new AppError('email_taken', {
          status: 409,
          field: 'email',
          message: 'This email is already registered',
        });
      const hash = await hashPassword(password);
      let id: number;
      try {
        id = Number(insertMember.run(name, email, hash, clock.now()).lastInsertRowid);
      } catch {
        // Lost a race with a registration of the same name or email.
        throw new AppError('username_taken', {
          status: 409,
          field: 'usr',
          message: 'This username is already taken',
        });
      }
      const token = issueToken(id, 'confirm', CONFIRM_TTL);
      await mail(email, input.lang, 'confirm', { name, link: `${origin}/confirm/?token=${token}` });
      return { id };
    },

    /** Activates the account behind a confirmation link. */
    confirm(token: string): { id: number; name: string } {
      const id = redeem(token, 'confirm');
      sqlite.prepare("UPDATE members SET status = 'active' WHERE id = ? AND status = 'unconfirmed'").run(id);
      const row = sqlite.prepare('SELECT name FROM members WHERE id = ?').get(id) as { name: string };
      return { id, name: row.name };
    },

    /** Checks the credentials and opens a session. */
    async login(input: { usr?: string; pwd?: string; ip: string; userAgent: string | null }) {
      const name = (input.usr ?? '').trim();
      const password = input.pwd ?? '';
      if (!name) throw new AppError('required', { field: 'usr', message: 'This field is required' });
      if (!password) throw new AppError('required', { field: 'pwd', message: 'This field is required' });
      if (name.length < NAME_MIN || password.length < PASSWORD_MIN) throw invalidCredentials();
      const nameKey = name.toLowerCase();
      if (limiter.isLocked(nameKey) || ipLimiter.isLocked(input.ip)) throw tooManyAttempts();

      const member = byName.get(name) as MemberRow | undefined;
      const ok = await verifyPassword(member?.password_hash ?? (await dummyHash), password);
      if (!member || !ok) {
        limiter.fail(nameKey);
        ipLimiter.fail(input.ip);
        throw invalidCredentials();
      }
      if (member.status === 'unconfirmed')
        throw new AppError('not_confirmed', {
          status: 403,
          message: 'Please confirm your email and try again',
        });
      if (member.status === 'suspended')
        throw new AppError('account_suspended', { status: 403, message: 'This account has been suspended.' });
      limiter.reset(nameKey);
      seen.run(clock.now(), member.id);
      const session = sessions.create(member.id, input.userAgent);
      return { member: { id: member.id, name: member.name }, ...session };
    },

    /** Mails a one-time restore link; answers the same whether or not the address is known. */
    async requestRestore(input: { email?: string; lang: Lang }): Promise<void> {
      const email = checkEmail(input.email);
      const member = byEmail.get(email) as MemberRow | undefined;
      if (!member || member.status === 'suspended') return;
      const token = issueToken(member.id, 'restore', RESTORE_TTL);
      await mail(email, input.lang, 'restore', {
        name: member.name,
        link: `${origin}/restore-/?token=${token}`,
      });
    },

    /** Sets a new password from a restore link, and signs the member out everywhere. */
    async restore(input: { token?: string; pwd?: string }): Promise<void> {
      const password = checkPassword(input.pwd);
      const id = redeem(input.token ?? '', 'restore');
      const hash = await hashPassword(password);
      // Following the link proved the address, so an unconfirmed account is confirmed too.
      sqlite
        .prepare(
          "UPDATE members SET password_hash = ?, status = CASE status WHEN 'unconfirmed' THEN 'active' ELSE status END WHERE id = ?",
        )
        .run(hash, id);
      sessions.invalidateAll(id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
