import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers';
import { createUser } from '../../test/users';
import { verifyPassword } from '../lib/passwords';
import { users } from '../db/schema/index';
import { DEFAULT_SUPERADMIN_EMAIL } from './accounts';
import { CREDENTIALS_FILE } from './credentials-file';
import { ensureFirstSuperAdmin, NoSuperAdminError } from './first-admin';
import { captureLog, countRows, keptPassword, linesHolding } from './seed-test-kit';

// Each test's database is given back after it, so the next one is the worker's own, reset,
// rather than a new clone of the template.
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const d of databases.splice(0)) await d.drop();
});
const emptyShop = async () => {
  const created = await createTestDatabase();
  databases.push(created);
  return created.database;
};
const superAdmins = (database: Awaited<ReturnType<typeof emptyShop>>) =>
  database.db.select().from(users).where(eq(users.role, 'superAdmin'));

describe('the first superAdmin of a shop without demo data', () => {
  it('is made from SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD, once, and nothing else is', async () => {
    const database = await emptyShop();
    const config = testConfig({
      DEMO_DATA: 'off',
      SEED_ADMIN_EMAIL: 'Owner@Example.org',
      SEED_ADMIN_PASSWORD: 'a-chosen-password',
    });
    const captured = captureLog();
    expect(await ensureFirstSuperAdmin({ database, config, log: captured.log })).toEqual({
      created: true,
    });
    const [admin, ...others] = await superAdmins(database);
    expect(others).toEqual([]);
    expect(admin!.email).toBe('owner@example.org');
    expect(await verifyPassword(admin!.passwordHash!, 'a-chosen-password')).toBe(true);
    expect(keptPassword(config.dataDir, 'owner@example.org')).toBeUndefined();
    expect(linesHolding(captured.lines(), 'a-chosen-password')).toBe(0);
    expect(await countRows(database)).toMatchObject({ users: 1, products: 0, orders: 0 });

    // The next start finds them and changes nothing, not even a password changed since.
    const again = captureLog();
    const changed = testConfig({
      DEMO_DATA: 'off',
      SEED_ADMIN_EMAIL: 'someone-else@example.org',
      SEED_ADMIN_PASSWORD: 'another-password',
    });
    expect(await ensureFirstSuperAdmin({ database, config: changed, log: again.log })).toEqual({
      created: false,
    });
    expect((await superAdmins(database)).map((a) => a.email)).toEqual(['owner@example.org']);
    expect(again.lines()).toEqual([]);
  });

  it('without a password set, gets one made up and kept in DATA_DIR, never in the log', async () => {
    const database = await emptyShop();
    const config = testConfig({ DEMO_DATA: 'off' });
    const captured = captureLog();
    await ensureFirstSuperAdmin({ database, config, log: captured.log });
    const [admin] = await superAdmins(database);
    expect(admin!.email).toBe(DEFAULT_SUPERADMIN_EMAIL);
    const password = keptPassword(config.dataDir, DEFAULT_SUPERADMIN_EMAIL);
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(await verifyPassword(admin!.passwordHash!, password!)).toBe(true);
    expect(statSync(path.join(config.dataDir, CREDENTIALS_FILE)).mode & 0o777).toBe(0o600);
    expect(linesHolding(captured.lines(), password!)).toBe(0);
    expect(captured.lines().map((l) => l.msg)).toEqual([
      expect.stringContaining(path.join(config.dataDir, CREDENTIALS_FILE)),
    ]);
  });

  it('is not made while the shop has a superAdmin, whoever made them', async () => {
    const database = await emptyShop();
    const owner = await createUser(database, { role: 'superAdmin' });
    const captured = captureLog();
    const config = testConfig({ DEMO_DATA: 'off' });
    await ensureFirstSuperAdmin({ database, config, log: captured.log });
    expect((await superAdmins(database)).map((a) => a.id)).toEqual([owner.id]);
    expect(captured.lines()).toEqual([]);
  });

  it('leaves an account that already has the address as it is, and says what to do', async () => {
    const database = await emptyShop();
    const shopper = await createUser(database, { email: 'owner@example.org' });
    const config = testConfig({
      DEMO_DATA: 'off',
      SEED_ADMIN_EMAIL: 'owner@example.org',
      SEED_ADMIN_PASSWORD: 'a-chosen-password',
    });
    const captured = captureLog();
    expect(await ensureFirstSuperAdmin({ database, config, log: captured.log })).toEqual({
      created: false,
    });
    expect(await superAdmins(database)).toEqual([]);
    const [row] = await database.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row!.role).toBe('user');
    expect(await verifyPassword(row!.passwordHash!, 'a-chosen-password')).toBe(false);
    expect(captured.lines().map((l) => l.msg)).toEqual([
      expect.stringContaining('owner@example.org already has an account'),
    ]);
  });

  it('is made once when several instances start together', async () => {
    const database = await emptyShop();
    const config = testConfig({ DEMO_DATA: 'off' });
    const logs = [captureLog(), captureLog(), captureLog()];
    const results = await Promise.all(
      logs.map((l) => ensureFirstSuperAdmin({ database, config, log: l.log })),
    );
    const admins = await superAdmins(database);
    expect(admins).toHaveLength(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    // Only the instance that made them keeps a password, and it is the one that works.
    const kept = readFileSync(path.join(config.dataDir, CREDENTIALS_FILE), 'utf8').trim();
    expect(kept.split('\n')).toHaveLength(1);
    const password = keptPassword(config.dataDir, DEFAULT_SUPERADMIN_EMAIL)!;
    expect(await verifyPassword(admins[0]!.passwordHash!, password)).toBe(true);
    expect(logs.flatMap((l) => l.lines()).filter((l) => l.level >= 40)).toHaveLength(1);
  });
});

describe('the first superAdmin of a live shop', () => {
  const live = (env: Record<string, string> = {}) =>
    testConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      PUBLIC_URL: 'https://shop.example.com',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      ...env,
    });

  it('is never made up: without SEED_ADMIN_PASSWORD the shop does not start', async () => {
    const database = await emptyShop();
    const captured = captureLog();
    await expect(
      ensureFirstSuperAdmin({ database, config: live(), log: captured.log }),
    ).rejects.toThrow(NoSuperAdminError);
    expect(await superAdmins(database)).toEqual([]);
    expect(keptPassword(live().dataDir, DEFAULT_SUPERADMIN_EMAIL)).toBeUndefined();
  });

  it('is made from both variables', async () => {
    const database = await emptyShop();
    const config = live({
      SEED_ADMIN_EMAIL: 'owner@example.org',
      SEED_ADMIN_PASSWORD: 'a-long-secret',
    });
    expect(await ensureFirstSuperAdmin({ database, config, log: captureLog().log })).toEqual({
      created: true,
    });
    expect((await superAdmins(database)).map((a) => a.email)).toEqual(['owner@example.org']);
  });

  it('is not needed again once the shop has one (made by admin:create, say)', async () => {
    const database = await emptyShop();
    await createUser(database, { role: 'superAdmin' });
    expect(
      await ensureFirstSuperAdmin({ database, config: live(), log: captureLog().log }),
    ).toEqual({
      created: false,
    });
  });

  it('does not start when the address is taken by another account', async () => {
    const database = await emptyShop();
    await createUser(database, { email: 'owner@example.org' });
    const config = live({
      SEED_ADMIN_EMAIL: 'owner@example.org',
      SEED_ADMIN_PASSWORD: 'a-long-secret',
    });
    await expect(
      ensureFirstSuperAdmin({ database, config, log: captureLog().log }),
    ).rejects.toThrow(/owner@example.org already has an account/);
  });
});
