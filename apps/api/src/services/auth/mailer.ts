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
  /**
   * Hands the mail over and returns at once: the answer's timing then says nothing about whether, or
   * how slowly, a mail went out (account enumeration). Delivery failures go to `onError`.
   */
  queue(mail: Mail): void;
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
  onError?: (err: unknown) => void;
}): Mailer {
  const onError = opts.onError ?? ((err: unknown) => console.error('[mail] delivery failed', err));
  if (opts.transport === 'smtp') {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    const send = async (mail: Mail) => {
      await smtp.sendMail({ from: opts.from, ...mail });
    };
    return {
      send,
      queue(mail) {
        send(mail).catch(onError);
      },
      outbox: null,
    };
  }
  const json = nodemailer.createTransport({ jsonTransport: true });
  mkdirSync(opts.outboxDir, { recursive: true });
  // Written synchronously, so a mail is in the outbox by the time the request that sent it has answered.
  const write = (mail: Mail) => {
    const date = new Date();
    const record: OutboxMail = { id: randomUUID(), from: opts.from, date: date.toISOString(), ...mail };
    // Sortable names: the newest file sorts last.
    const name = `${date.getTime().toString().padStart(15, '0')}-${record.id}.json`;
    writeFileSync(join(opts.outboxDir, name), JSON.stringify(record, null, 2));
  };
  return {
    async send(mail) {
      await json.sendMail({ from: opts.from, ...mail });
      write(mail);
    },
    queue(mail) {
      try {
        write(mail);
      } catch (err) {
        onError(err);
      }
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
