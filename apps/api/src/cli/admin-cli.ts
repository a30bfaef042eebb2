// `npm run admin -- create --name N --email E --password P --role admin|moderator`: staff accounts from the shell.
// `npm run admin -- role --name N --role member|moderator|admin`: changes an existing account's role.
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@vt/db';
import { loadConfig } from '../config';
import { AppError } from '../lib/app-error';
import { checkPassword, checkUsername } from '../services/auth/account-rules';
import { checkEmail } from '../services/shared/field-rules';
import { openSite } from './open-site';

const USAGE = `Usage:
  npm run admin -- create --name NAME --email EMAIL --password PASSWORD --role admin|moderator
  npm run admin -- role --name NAME --role member|moderator|admin`;

/** Staff passwords are longer than members' 5-character minimum: these accounts can take content down. */
const STAFF_PASSWORD_MIN = 10;

function fail(message: string): never {
  console.error(`error: ${message}\n\n${USAGE}`);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
  },
});
const [command] = positionals;
const role = values.role as Role | undefined;
if (!role || !ROLES.includes(role)) fail('--role must be one of member, moderator, admin');

const site = await openSite(loadConfig());
const { services } = site;

try {
  if (command === 'create') {
    if (role === 'member') fail('create makes staff accounts: --role admin or moderator');
    const name = checkUsername(values.name, 'name');
    const email = checkEmail(values.email);
    const password = checkPassword(values.password);
    if (password.length < STAFF_PASSWORD_MIN)
      fail(`--password needs at least ${STAFF_PASSWORD_MIN} characters`);
    const id = await services.moderation.team.createAccount({ name, email, password, role });
    console.log(`created ${role} ${name} (member ${id})`);
  } else if (command === 'role') {
    const name = checkUsername(values.name, 'name');
    const member = await services.moderation.team.setRoleFromShell(name, role);
    if (!member) fail(`no member named ${name}`);
    console.log(`${name} is now ${role}`);
  } else {
    fail(command ? `unknown command ${command}` : 'a command is needed');
  }
} catch (err) {
  if (err instanceof AppError) fail(`${err.field ? `${err.field}: ` : ''}${err.message}`);
  throw err;
} finally {
  await site.close();
}
