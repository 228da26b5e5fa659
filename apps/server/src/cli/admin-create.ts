/**
 * `npm run admin:create -- --email owner@example.com [--username owner]`: adds a superAdmin
 * to the shop's database (DATABASE_URL, or the embedded database under DATA_DIR while the
 * shop is stopped), how a live shop gets its first one without SEED_ADMIN_PASSWORD, or an
 * owner who lost theirs gets back in. The password is read from standard input: typed twice,
 * unseen, at a terminal, or the first line of a pipe. Nothing it reads is printed.
 */
import '../load-env-file';
import { parseArgs } from 'node:util';
import { emailSchema, newPasswordField, RECRUITER, usernameField, VALIDATION } from '@otaku/shared';
import type { z } from 'zod';
import { ConfigError, loadDatabaseConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { insertSuperAdmin } from '../seed/first-admin';
import { errorWithoutQueryValues } from '../lib/logged-error';
import { PasswordEntryError, readPassword } from './read-password';

const USAGE = 'usage: npm run admin:create -- --email <address> [--username <name>]';

class UsageError extends Error {}

/** The value, or a UsageError with the schema's own message. */
function valid<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new UsageError(`${what}: ${parsed.error.issues[0]?.message ?? 'not valid'}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, username: { type: 'string', default: 'admin' } },
  });
  if (!values.email) throw new UsageError(USAGE);
  const email = valid(emailSchema, values.email, '--email');
  const username = valid(
    usernameField(
      VALIDATION.usernameRequired,
      RECRUITER.usernameTooShort,
      RECRUITER.usernameTooLong,
    ),
    values.username,
    '--username',
  );
  const password = valid(
    newPasswordField(VALIDATION.passwordTooShort),
    await readPassword(`Password for ${email}: `),
    'password',
  );

  const { databaseUrl, dataDir } = loadDatabaseConfig();
  const database = await openDatabase({ databaseUrl, dataDir: `${dataDir}/pglite`, poolSize: 1 });
  try {
    if (!(await insertSuperAdmin(database.db, { username, email, password }))) {
      throw new UsageError(
        `${email} already has an account: choose another address, or have a superAdmin change that account's role in the dashboard`,
      );
    }
  } finally {
    await database.close();
  }
  console.log(`superAdmin ${email} created: sign in at the shop's /login`);
}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError ||
    error instanceof PasswordEntryError ||
    error instanceof ConfigError ||
    error instanceof DataDirInUseError;
  if (known) console.error((error as Error).message);
  // As the log would have it: a failed insert's values (the new password's hash) left out.
  else console.error(error instanceof Error ? errorWithoutQueryValues(error) : error);
  process.exit(1);
});
