import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxMail extends Mail {
  id: string;
  from: string;
  date: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Only with the outbox transport: what was "sent", newest first. */
  outbox: (() => OutboxMail[]) | null;
}

/**
 * Mail through nodemailer: SMTP when SMTP_URL is configured, otherwise the development outbox (nodemailer's
 * JSON transport, each message written as a file under DATA_DIR/mail/).
 */
export function createMailer(opts: {
  transport: 'smtp' | 'outbox';
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): Mailer {
  if (opts.transport === 'smtp') {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await smtp.sendMail({ from: opts.from, ...mail });
      },
      outbox: null,
    };
  }
  const json = nodemailer.createTransport({ jsonTransport: true });
  mkdirSync(opts.outboxDir, { recursive: true });
  return {
    async send(mail) {
      await json.sendMail({ from: opts.from, ...mail });
      const date = new Date();
      const record: OutboxMail = { id: randomUUID(), from: opts.from, date: date.toISOString(), ...mail };
      // Sortable names: the newest file sorts last.
      const name = `${date.getTime().toString().padStart(15, '0')}-${record.id}.json`;
      writeFileSync(join(opts.outboxDir, name), JSON.stringify(record, null, 2));
    },
    outbox() {
      return readdirSync(opts.outboxDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 200)
        .map((f) => JSON.parse(readFileSync(join(opts.outboxDir, f), 'utf8')) as OutboxMail);
    },
  };
}
