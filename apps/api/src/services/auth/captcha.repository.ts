import type { DataLayer } from '@vt/db';

/** All SQL of the spent captcha markers (ADR 0041), on SQLite or PostgreSQL. */
export function createCaptchaRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    /**
     * Marks a challenge signature spent until its challenge expires; false if it already was. The primary
     * key makes the insert the check: of two racing submissions, on any nodes, one inserts.
     */
    async markSpent(signature: string, expiresAt: number): Promise<boolean> {
      const rows = await db
        .insertInto('captcha_spent')
        .values({ signature, expires_at: expiresAt })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .execute();
      return rows.length > 0;
    },

    /** Deletes the markers whose challenge expired before `now`. */
    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('captcha_spent').where('expires_at', '<', now).execute();
    },
  };
}

export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
