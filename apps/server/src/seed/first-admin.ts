/**
 * The shop's first superAdmin, for a shop that starts without demo data (DEMO_DATA=off, or a
 * database that already had products): made from SEED_ADMIN_EMAIL (default
 * admin@otakushelf.local) and SEED_ADMIN_PASSWORD, and only while the shop has no superAdmin
 * at all. main.ts calls this at every start, after the demo data (which brings its own
 * superAdmin). A demo without SEED_ADMIN_PASSWORD gets a generated password, kept in DATA_DIR
 * (credentials-file.ts); a live shop without a superAdmin and without both variables refuses
 * to start (NoSuperAdminError): `npm run admin:create` makes one.
 *
 * Safe with several instances starting at once: the unique email lets one insert win, and
 * only the instance whose insert won reports a generated password.
 */
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords';
import { changed, telling } from '../db/changed';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { DEFAULT_SUPERADMIN_EMAIL } from './accounts';
import { credentialsNotice, keepCredentials } from './credentials-file';
import type { SeedDeps } from './seed';
import { generatePassword } from './users';

export async function ensureFirstSuperAdmin({
  database,
  config,
  log,
}: SeedDeps): Promise<{ created: boolean }> {
  const { db } = database;
  const [anySuperAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'superAdmin'))
    .limit(1);
  if (anySuperAdmin) return { created: false };
  if (!config.demo && !config.seedAdmin.password) throw new NoSuperAdminError();

  const email = config.seedAdmin.email ?? DEFAULT_SUPERADMIN_EMAIL;
  const password = config.seedAdmin.password ?? generatePassword();
  if (!(await insertSuperAdmin(db, { username: 'admin', email, password }))) {
    // Another instance starting at the same moment made it, or the address is someone's.
    const [made] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.role, 'superAdmin')));
    if (!made) {
      const advice = `the shop has no superAdmin and ${email} already has an account: set SEED_ADMIN_EMAIL to a new address, or run npm run admin:create`;
      if (!config.demo) throw new NoSuperAdminError(advice);
      log.warn(advice);
    }
    return { created: false };
  }
  if (config.seedAdmin.password)
    log.info(`superAdmin account created: ${email} (password from SEED_ADMIN_PASSWORD)`);
  else {
    const file = keepCredentials(config.dataDir, [{ role: 'superAdmin', email, password }]);
    log.warn(credentialsNotice('superAdmin', email, file));
  }
  return { created: true };
}

/**
 * Adds a superAdmin; false when the address already has an account (the unique email lets
 * one of several concurrent inserts win). Used at start-up and by `npm run admin:create`.
 */
export async function insertSuperAdmin(
  db: Db,
  account: { username: string; email: string; password: string },
): Promise<boolean> {
  const passwordHash = await hashPassword(account.password);
  const inserted = await telling(
    db
      .insert(users)
      .values({
        username: account.username,
        email: account.email,
        passwordHash,
        role: 'superAdmin',
      })
      .onConflictDoNothing()
      .returning({ id: users.id }),
    () => changed.users(db),
  );
  return inserted.length > 0;
}

/** A live shop with no superAdmin and none configured: it does not start (main.ts). */
export class NoSuperAdminError extends Error {
  override name = 'NoSuperAdminError';
  constructor(
    reason = 'the shop has no superAdmin: set SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD, or run npm run admin:create',
  ) {
    super(`A live shop does not start without a superAdmin: ${reason}.`);
  }
}
