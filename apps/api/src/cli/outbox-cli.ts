// `npm run mail`: the newest mails of the outbox (no SMTP configured), read on the server's own disk, so
// restore and confirmation links are reachable without serving them over HTTP.
import { loadConfig } from '../config';
import { createMailer } from '../services/auth/mailer';

const config = loadConfig();
const count = Number(process.argv[2] ?? 5);
if (config.mail.transport !== 'outbox') {
  console.log('Mail goes out through SMTP (SMTP_URL is set): there is no outbox to read.');
  process.exit(0);
}
const mails = createMailer({ ...config.mail, transport: 'outbox' }).outbox?.() ?? [];
if (mails.length === 0) console.log(`The outbox (${config.mail.outboxDir}) is empty.`);
for (const mail of mails.slice(0, Number.isInteger(count) && count > 0 ? count : 5)) {
  console.log(`── ${mail.date}  to ${mail.to}\n   ${mail.subject}\n\n${mail.text}\n`);
}
