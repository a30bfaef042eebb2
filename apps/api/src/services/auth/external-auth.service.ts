import { decodeIdToken, Google } from 'arctic';
import { AppError } from '../../lib/app-error';
import type { MembersRepository } from '../members/members.repository';
import type { Clock } from '../shared/clock';
import type { SessionService } from './session.service';

/** What an external provider tells us about who signed in. */
export interface ExternalIdentity {
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** The provider side, behind an interface so the sign-in logic is testable without the network. */
export interface ExternalProvider {
  authorizationUrl(state: string, codeVerifier: string): URL;
  identify(code: string, codeVerifier: string): Promise<ExternalIdentity>;
}

/** Google through arctic (OAuth 2.0 with PKCE); the ID token's claims give the verified email. */
export function googleProvider(opts: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): ExternalProvider {
  const google = new Google(opts.clientId, opts.clientSecret, opts.redirectUri);
  return {
    authorizationUrl: (state, verifier) =>
      google.createAuthorizationURL(state, verifier, ['openid', 'email', 'profile']),
    async identify(code, verifier) {
      const tokens = await google.validateAuthorizationCode(code, verifier);
      const claims = decodeIdToken(tokens.idToken()) as {
        email?: string;
        email_verified?: boolean;
        name?: string;
      };
      if (!claims.email) throw new AppError('external_auth_failed', { status: 400 });
      return {
        email: claims.email.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: claims.name ?? null,
      };
    },
  };
}

/**
 * External sign-in: a verified email signs in its member, or creates an active one (the provider has
 * proven the address). Suspended members stay out.
 */
export function createExternalAuth({
  members,
  clock,
  sessions,
  provider,
}: {
  members: MembersRepository;
  clock: Clock;
  sessions: SessionService;
  provider: ExternalProvider | null;
}) {
  async function freeName(wanted: string | null, email: string): Promise<string> {
    const base =
      (wanted ?? email.split('@')[0])
        .replace(/[^A-Za-z0-9_-]+/g, '_')
        .replace(/^_+|_+$/g, '')
        .slice(0, 20) || 'member';
    const padded = base.length < 3 ? `${base}_fan` : base;
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? padded : `${padded.slice(0, 20)}${n}`;
      if (!(await members.nameTaken(candidate))) return candidate;
    }
  }

  return {
    enabled: provider !== null,

    authorizationUrl(state: string, codeVerifier: string): URL {
      if (!provider) throw new AppError('not_found', { status: 404 });
      return provider.authorizationUrl(state, codeVerifier);
    },

    async signIn(code: string, codeVerifier: string, userAgent: string | null) {
      if (!provider) throw new AppError('not_found', { status: 404 });
      let identity: ExternalIdentity;
      try {
        identity = await provider.identify(code, codeVerifier);
      } catch {
        throw new AppError('external_auth_failed', { status: 400, message: 'The external sign-in failed.' });
      }
      if (!identity.emailVerified)
        throw new AppError('external_auth_failed', {
          status: 400,
          message: 'The external account has no verified email.',
        });
      let member = await members.byEmail(identity.email);
      if (member?.status === 'suspended')
        throw new AppError('account_suspended', { status: 403, message: 'This account has been suspended.' });
      if (!member) {
        const name = await freeName(identity.name, identity.email);
        const id = await members.insert({
          name,
          email: identity.email,
          passwordHash: null,
          status: 'active',
          createdAt: clock.now(),
        });
        member = { id, name, status: 'active' };
      } else if (member.status === 'unconfirmed') {
        await members.activate(member.id);
      }
      return {
        member: { id: member.id, name: member.name },
        ...(await sessions.create(member.id, userAgent)),
      };
    },
  };
}

export type ExternalAuth = ReturnType<typeof createExternalAuth>;
