/**
 * Every abuse limit of the site in one table (docs/decisions/0016-abuse-limits-and-lockout.md).
 * `points` actions per `duration` seconds for one key; what the key is says `per`. RATE_LIMIT_FACTOR
 * multiplies every `points` here (view counting below is not a limit and is never scaled).
 */
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

export const LIMITS = {
  /** Accounts created (or attempted with a taken email) per client address. */
  register: { points: 5, duration: HOUR, per: 'address' },
  /** Confirmation, restore and "already registered" mails to one email address. */
  mailPerEmail: { points: 3, duration: HOUR, per: 'email' },
  /** The same mails asked for from one client address. */
  mailPerAddress: { points: 10, duration: HOUR, per: 'address' },
  comment: { points: 10, duration: MINUTE, per: 'member' },
  commentDaily: { points: 100, duration: DAY, per: 'member' },
  message: { points: 20, duration: 10 * MINUTE, per: 'member' },
  wallPost: { points: 10, duration: 10 * MINUTE, per: 'member' },
  playlistCreate: { points: 20, duration: HOUR, per: 'member' },
  friendRequest: { points: 30, duration: HOUR, per: 'member' },
  /** Likes and dislikes; a signed-out voter (if a route ever allows one) is keyed by address. */
  vote: { points: 60, duration: 10 * MINUTE, per: 'member or address' },
  /** Wrong passwords for one name from one address: the sign-in lockout (spec: too_many_attempts). */
  loginNameAddress: { points: 20, duration: 15 * MINUTE, per: 'name + address' },
  /** Wrong passwords from one address for any names; more room, as many people share a NAT. */
  loginAddress: { points: 100, duration: 15 * MINUTE, per: 'address' },
  /** Wrong passwords from a browser holding a known-device cookie, which skips the two above. */
  loginDevice: { points: 20, duration: 15 * MINUTE, per: 'known device' },
  /** Current-password checks of the account settings (password, email, deletion) of one member. */
  accountPassword: { points: 10, duration: 15 * MINUTE, per: 'member' },
  /** Data exports one member downloads. */
  accountExport: { points: 10, duration: HOUR, per: 'member' },
  /** Resume positions the player saves (about one per 15 s while playing, and on pause). */
  position: { points: 120, duration: 10 * MINUTE, per: 'member' },
  /**
   * MP4 downloads one address may have made on demand (ADR 0023): each is an ffmpeg run and a file in the
   * cache, so a script walking the catalogue must not start them all. Files already made are not counted.
   */
  downloadRemux: { points: 12, duration: HOUR, per: 'address' },
  /** Accepted contact-form messages (too_many_reports). */
  report: { points: 10, duration: 10 * MINUTE, per: 'address' },
  /** Appeals of a declined removal request by the mailed token, right or wrong (token guessing). */
  appeal: { points: 10, duration: HOUR, per: 'address' },
} as const;

export type LimitName = keyof typeof LIMITS;

/** A view counts once per visitor and video in this window (a visitor: member, or address + cookie). */
export const VIEW_WINDOW = 6 * HOUR;
/**
 * Distinct visitors one address may add to one video's count per window: a household or an office NAT
 * still counts, a script minting a fresh cookie for every call does not inflate past it.
 */
export const VIEWS_PER_ADDRESS = 20;
