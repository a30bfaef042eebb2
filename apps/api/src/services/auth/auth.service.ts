import type { Lang } from '@vt/i18n';
import { createI18n } from '@vt/i18n';
import { AppError } from '../../lib/app-error';
import type { RateLimits } from '../limits/rate-limits.service';
import type { MembersRepository } from '../members/members.repository';
import type { Clock } from '../shared/clock';
import { checkEmail } from '../shared/field-rules';
import { checkNotWeak, checkPassword, checkUsername, NAME_MIN, PASSWORD_MIN } from './account-rules';
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

export interface AuthDeps {
  members: MembersRepository;
  clock: Clock;
  sessions: SessionService;
  mailer: Mailer;
  origin: string;
  limits: RateLimits;
  devices: KnownDevices;
}

type MailKind = 'confirm' | 'restore' | 'registered';

/** Registration with email confirmation, sign-in with attempt limits, and password restore by link. */
export function createAuthService({ members, clock, sessions, mailer, origin, limits, devices }: AuthDeps) {
  // Lockout by name *and* address: a stranger's wrong passwords lock only the stranger's address out of
  // that name, and a known device skips both (ADR 0016).
  const nameAttempts = limits.attempts('loginNameAddress');
  const addressAttempts = limits.attempts('loginAddress');
  const deviceAttempts = limits.attempts('loginDevice');
  // Unknown names still pay for one verify, so timing does not tell which names exist.
  const dummyHash = hashPassword('not-a-real-password');

  async function issueToken(memberId: number, purpose: 'confirm' | 'restore', ttl: number): Promise<string> {
    const token = generateToken();
    await members.insertToken({ hash: hashToken(token), memberId, purpose, expiresAt: clock.now() + ttl });
    return token;
  }

  /** A valid, unused, unexpired token's member; marks it used. */
  async function redeem(token: string, purpose: 'confirm' | 'restore'): Promise<number> {
    const hash = hashToken(token);
    const row = await members.findToken(hash, purpose);
    if (
      !row ||
      row.used_at !== null ||
      row.expires_at <= clock.now() ||
      !(await members.useToken(hash, clock.now()))
    )
      throw new AppError('invalid_token', { status: 400, message: 'This link is invalid or has expired.' });
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
      if (await members.nameTaken(name)) throw usernameTaken();
      checkNotWeak(password, name);
      await limits.hit(['register', input.ip]);
      await mailAllowance(email, input.ip);
      const hash = await hashPassword(password);
      const owner = await members.byEmail(email);
      if (owner) {
        mailer.queue(
          compose(email, input.lang, 'registered', { name: owner.name, link: `${origin}/restore/` }),
        );
        return { id: null };
      }
      let id: number;
      try {
        id = await members.insert({
          name,
          email,
          passwordHash: hash,
          status: 'unconfirmed',
          createdAt: clock.now(),
        });
      } catch {
        // Lost a race with a registration of the same name or email.
        throw usernameTaken();
      }
      const token = await issueToken(id, 'confirm', CONFIRM_TTL);
      mailer.queue(
        compose(email, input.lang, 'confirm', { name, link: `${origin}/confirm/?token=${token}` }),
      );
      return { id };
    },

    /** Activates the account behind a confirmation link. */
    async confirm(token: string): Promise<{ id: number; name: string }> {
      const id = await redeem(token, 'confirm');
      await members.activate(id);
      const row = await members.account(id);
      return { id, name: row?.name ?? '' };
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

      const member = await members.byName(name);
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
      await members.setLastSeen(member.id, clock.now());
      const session = await sessions.create(member.id, input.userAgent);
      return { member: { id: member.id, name: member.name }, ...session, device: devices.issue(member.id) };
    },

    /**
     * Mails a one-time restore link. Known or not, the address costs the same limits and the same work (a
     * token made, a mail composed, nothing awaited on delivery), so neither answer nor timing tells.
     */
    async requestRestore(input: { email?: string; lang: Lang; ip: string }): Promise<void> {
      const email = checkEmail(input.email);
      await mailAllowance(email, input.ip);
      const member = await members.byEmail(email);
      const eligible = member !== undefined && member.status !== 'suspended';
      const token = generateToken();
      const mail = compose(email, input.lang, 'restore', {
        name: member?.name ?? SOMEONE,
        link: `${origin}/restore-/?token=${token}`,
      });
      if (!eligible) return;
      await members.insertToken({
        hash: hashToken(token),
        memberId: member.id,
        purpose: 'restore',
        expiresAt: clock.now() + RESTORE_TTL,
      });
      mailer.queue(mail);
    },

    /** Sets a new password from a restore link, and signs the member out everywhere. */
    async restore(input: { token?: string; pwd?: string }): Promise<void> {
      const password = checkPassword(input.pwd);
      checkNotWeak(password);
      const id = await redeem(input.token ?? '', 'restore');
      const hash = await hashPassword(password);
      // Following the link proved the address, so an unconfirmed account is confirmed too.
      await members.setPassword(id, hash, { confirm: true });
      await sessions.invalidateAll(id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
