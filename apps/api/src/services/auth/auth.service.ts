import type { Lang } from '@vt/i18n';
import { createI18n } from '@vt/i18n';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { RateLimits } from '../limits/rate-limits.service';
import type { Clock } from '../shared/clock';
import {
  checkEmail,
  checkNotWeak,
  checkPassword,
  checkUsername,
  NAME_MIN,
  PASSWORD_MIN,
} from './account-rules';
import type { KnownDevices } from './known-device';
import type { Mailer } from './mailer';
import { hashPassword, verifyPassword } from './password';
import type { SessionService } from './session.service';
import { generateToken, hashToken } from './tokens';

const HOUR = 3600;
const CONFIRM_TTL = 48 * HOUR;
const RESTORE_TTL = HOUR;

const invalidCredentials = () =>
  new AppError('invalid_usr_or_pwd', { status: 401, field: 'usr', message: 'Invalid name or password' });
const usernameTaken = () =>
  new AppError('username_taken', { status: 409, field: 'usr', message: 'This username is already taken' });
/** Stands in for a member's name in the mail composed for an unknown address (never sent). */
const SOMEONE = 'member';
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
  limits: RateLimits;
  devices: KnownDevices;
}

type MailKind = 'confirm' | 'restore' | 'registered';

/** Registration with email confirmation, sign-in with attempt limits, and password restore by link. */
export function createAuthService({ sqlite, clock, sessions, mailer, origin, limits, devices }: AuthDeps) {
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
  // Lockout by name *and* address: a stranger's wrong passwords lock only the stranger's address out of
  // that name, and a known device skips both (ADR 0016).
  const nameAttempts = limits.attempts('loginNameAddress');
  const addressAttempts = limits.attempts('loginAddress');
  const deviceAttempts = limits.attempts('loginDevice');
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

  function compose(to: string, lang: Lang, kind: MailKind, vars: Record<string, string>) {
    const { t } = createI18n(lang);
    return {
      to,
      subject: t(`mail.${kind}.subject`, { site: t('site.name') }),
      text: t(`mail.${kind}.body`, { site: t('site.name'), ...vars }),
    };
  }

  /** Every account mail is limited per recipient and per asking address, whether or not one is sent. */
  const mailAllowance = (email: string, ip: string) =>
    limits.hit(['mailPerAddress', ip], ['mailPerEmail', email]);

  return {
    /**
     * Creates an unconfirmed member and mails the confirmation link. A taken email answers exactly like a new registration (the same work, the same answer) and its owner
     * gets a notice instead of a link: nobody learns from the form which addresses have accounts. Usernames
     * are public, so a taken one is still reported.
     */
    async register(input: {
      usr?: string;
      pwd?: string;
      email?: string;
      /** The 18+ and terms box: '1' (a form) or true. */
      adult?: string | boolean;
      lang: Lang;
      ip: string;
    }): Promise<{ id: number | null }> {
      const name = checkUsername(input.usr);
      const password = checkPassword(input.pwd);
      const email = checkEmail(input.email);
      if (input.adult !== true && input.adult !== '1' && input.adult !== 'on')
        throw new AppError('adult_required', {
          field: 'adult',
          message: 'Please confirm that you are at least 18 and accept the terms of use',
        });
      if (byName.get(name)) throw usernameTaken();
      checkNotWeak(password, name);
      await limits.hit(['register', input.ip]);
      await mailAllowance(email, input.ip);
      const hash = await hashPassword(password);
      const owner = byEmail.get(email) as MemberRow | undefined;
      if (owner) {
        mailer.queue(
          compose(email, input.lang, 'registered', { name: owner.name, link: `${origin}/restore/` }),
        );
        return { id: null };
      }
      let id: number;
      try {
        id = Number(insertMember.run(name, email, hash, clock.now()).lastInsertRowid);
      } catch {
        // Lost a race with a registration of the same name or email.
        throw usernameTaken();
      }
      const token = issueToken(id, 'confirm', CONFIRM_TTL);
      mailer.queue(
        compose(email, input.lang, 'confirm', { name, link: `${origin}/confirm/?token=${token}` }),
      );
      return { id };
    },

    /** Activates the account behind a confirmation link. */
    confirm(token: string): { id: number; name: string } {
      const id = redeem(token, 'confirm');
      sqlite.prepare("UPDATE members SET status = 'active' WHERE id = ? AND status = 'unconfirmed'").run(id);
      const row = sqlite.prepare('SELECT name FROM members WHERE id = ?').get(id) as { name: string };
      return { id, name: row.name };
    },

    /**
     * Checks the credentials and opens a session. A browser that holds this member's known-device token,
     * or is already signed in as them, is throttled on its own count instead of by name and address.
     * Returns a fresh known-device token for the browser to keep.
     */
    async login(input: {
      usr?: string;
      pwd?: string;
      ip: string;
      userAgent: string | null;
      device?: string | null;
      sessionMemberId?: number | null;
    }) {
      const name = (input.usr ?? '').trim();
      const password = input.pwd ?? '';
      if (!name) throw new AppError('required', { field: 'usr', message: 'This field is required' });
      if (!password) throw new AppError('required', { field: 'pwd', message: 'This field is required' });
      if (name.length < NAME_MIN || password.length < PASSWORD_MIN) throw invalidCredentials();

      const member = byName.get(name) as MemberRow | undefined;
      const device = devices.verify(input.device);
      const known =
        member !== undefined && (device?.memberId === member.id || input.sessionMemberId === member.id);
      const nameKey = `${name.toLowerCase()}|${input.ip}`;
      const deviceKey = device && known ? device.id : `session:${member?.id}`;
      const locked = known
        ? await deviceAttempts.isLocked(deviceKey)
        : (await nameAttempts.isLocked(nameKey)) || (await addressAttempts.isLocked(input.ip));
      if (locked) throw tooManyAttempts();

      const ok = await verifyPassword(member?.password_hash ?? (await dummyHash), password);
      if (!member || !ok) {
        if (known) await deviceAttempts.fail(deviceKey);
        else {
          await nameAttempts.fail(nameKey);
          await addressAttempts.fail(input.ip);
        }
        throw invalidCredentials();
      }
      if (member.status === 'unconfirmed')
        throw new AppError('not_confirmed', {
          status: 403,
          message: 'Please confirm your email and try again',
        });
      if (member.status === 'suspended')
        throw new AppError('account_suspended', { status: 403, message: 'This account has been suspended.' });
      await (known ? deviceAttempts.reset(deviceKey) : nameAttempts.reset(nameKey));
      seen.run(clock.now(), member.id);
      const session = sessions.create(member.id, input.userAgent);
      return { member: { id: member.id, name: member.name }, ...session, device: devices.issue(member.id) };
    },

    /**
     * Mails a one-time restore link. Known or not, the address costs the same limits and the same work (a
     * token made, a mail composed, nothing awaited on delivery), so neither answer nor timing tells.
     */
    async requestRestore(input: { email?: string; lang: Lang; ip: string }): Promise<void> {
      const email = checkEmail(input.email);
      await mailAllowance(email, input.ip);
      const member = byEmail.get(email) as MemberRow | undefined;
      const eligible = member !== undefined && member.status !== 'suspended';
      const token = generateToken();
      const mail = compose(email, input.lang, 'restore', {
        name: member?.name ?? SOMEONE,
        link: `${origin}/restore-/?token=${token}`,
      });
      if (!eligible) return;
      insertToken.run(hashToken(token), member.id, 'restore', clock.now() + RESTORE_TTL);
      mailer.queue(mail);
    },

    /** Sets a new password from a restore link, and signs the member out everywhere. */
    async restore(input: { token?: string; pwd?: string }): Promise<void> {
      const password = checkPassword(input.pwd);
      checkNotWeak(password);
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
