import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../shared/clock';
import type { CaptchaRepository } from './captcha.repository';

const ALGORITHM = 'PBKDF2/SHA-256';
/** The solver tries counters from 0 up to this secret one: the work is `counter × cost` derivations. */
const COUNTER_MIN = 1000;
const COUNTER_MAX = 3000;
/** Long enough to fill in the form after the widget solved it. */
export const CAPTCHA_TTL_SECONDS = 30 * 60;
const TOKEN_MAX_CHARS = 4096;
/** Expired markers are deleted at most this often. */
const PURGE_EVERY_SECONDS = 10 * 60;

/** What the widget submits, base64 of `{challenge: {parameters, signature}, solution}`. */
const Payload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

export const captchaRequired = () =>
  new AppError('captcha_required', { field: 'captcha', message: 'Please confirm that you are not a robot' });
const captchaInvalid = () =>
  new AppError('captcha_invalid', {
    field: 'captcha',
    message: 'The anti-robot check failed. Please try again.',
  });
const captchaUsed = () =>
  new AppError('captcha_used', {
    field: 'captcha',
    message: 'This anti-robot check was already used. Please verify again.',
  });

/**
 * The self-hosted ALTCHA proof of work (no third-party service): signed challenges, verification of the
 * widget's payload, and one use per solved challenge. Spent signatures are kept in the database until
 * their challenge expires, so a replay is refused by every API node and after a restart.
 */
export function createCaptcha({
  secret,
  cost,
  clock,
  repo,
}: {
  secret: string;
  cost: number;
  clock: Clock;
  repo: CaptchaRepository;
}) {
  // Keys of their own, derived from the site secret, so a captcha signature can never pass as a media one.
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest('hex');
  const hmacSignatureSecret = derive('altcha-challenge-signature');
  const hmacKeySignatureSecret = derive('altcha-derived-key-signature');
  let purgedAt = 0;

  return {
    /** A fresh signed challenge for the widget (`GET /api/captcha.php`). */
    challenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: ALGORITHM,
        cost,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: clock.now() + CAPTCHA_TTL_SECONDS,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    /**
     * Checks a submitted token and spends it; throws captcha_required, captcha_invalid (forged, expired,
     * unsolved) or captcha_used (a replay).
     */
    async spend(token: string | undefined): Promise<void> {
      const raw = (token ?? '').trim();
      if (!raw) throw captchaRequired();
      if (raw.length > TOKEN_MAX_CHARS) throw captchaInvalid();
      let payload: z.infer<typeof Payload>;
      try {
        payload = Payload.parse(JSON.parse(Buffer.from(raw, 'base64').toString('utf8')));
      } catch {
        throw captchaInvalid();
      }
      let verified = false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge as Challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        verified = result.verified;
      } catch {
        verified = false;
      }
      if (!verified) throw captchaInvalid();
      const now = clock.now();
      if (now - purgedAt > PURGE_EVERY_SECONDS) {
        purgedAt = now;
        await repo.purgeExpired(now);
      }
      const signature = payload.challenge.signature;
      if (!(await repo.markSpent(signature, payload.challenge.parameters.expiresAt))) throw captchaUsed();
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
