/**
 * `npm run admin:create`: the documented way for a live shop to get its first superAdmin
 * without SEED_ADMIN_PASSWORD. Run as the real command, on a database of the engine under
 * test (the embedded one in a DATA_DIR of its own), then a live shop starts on it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { verifyPassword } from '../src/lib/passwords';
import { serverRoot } from '../src/paths';
import { createTestDatabase, engine, type TestDatabase } from './helpers';
import { startServer } from './server-process';

const PASSWORD = 'an-owner-password-typed-once';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otaku-admin-create-'));
let testDb: TestDatabase | undefined;
/** Where the command and the shop find the database: a PostgreSQL URL, or DATA_DIR. */
const databaseEnv = async (): Promise<Record<string, string>> => {
  if (engine !== 'postgres') return { DATA_DIR: dataDir, DATABASE_URL: '' };
  testDb ??= await createTestDatabase();
  return { DATA_DIR: dataDir, DATABASE_URL: testDb.url! };
};
afterAll(async () => testDb?.drop());

/** Runs the command with `stdin` piped in; its exit code and everything it printed. */
async function adminCreate(args: string[], stdin: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...(await databaseEnv()), NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

async function accountOf(email: string) {
  const env = await databaseEnv();
  // The embedded database is opened only between runs of the command and the shop.
  const database = testDb?.database ?? (await openDatabase({ dataDir: `${dataDir}/pglite` }));
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return row;
  } finally {
    if (!env.DATABASE_URL) await database.close();
  }
}

describe('npm run admin:create', { timeout: 120_000 }, () => {
  it('adds a superAdmin with the password from standard input, printing no password', async () => {
    const { code, output } = await adminCreate(
      ['--email', 'Owner@Example.org', '--username', 'owner'],
      `${PASSWORD}\n`,
    );
    expect(output).not.toContain(PASSWORD);
    expect(code).toBe(0);
    const row = await accountOf('owner@example.org');
    expect(row).toMatchObject({ role: 'superAdmin', username: 'owner' });
    expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(true);
  });

  it('refuses an address that has an account, a short password and a missing address', async () => {
    const taken = await adminCreate(['--email', 'owner@example.org'], 'another-long-password\n');
    expect(taken).toMatchObject({
      code: 1,
      output: expect.stringContaining('already has an account'),
    });
    const short = await adminCreate(['--email', 'second@example.org'], 'short\n');
    expect(short).toMatchObject({ code: 1, output: expect.stringContaining('at least 8') });
    const none = await adminCreate([], `${PASSWORD}\n`);
    expect(none).toMatchObject({ code: 1, output: expect.stringContaining('--email') });
  });

  it('is enough for a live shop to start without SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD', async () => {
    const server = await startServer({
      ...(await databaseEnv()),
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9/',
      STRIPE_SECRET_KEY: 'sk_live_admin_create',
      PUBLIC_URL: 'https://shop.example.com',
      STRIPE_WEBHOOK_SECRET: 'whsec_admin_create',
      DEMO_DATA: '',
    });
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.org', password: PASSWORD }),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.kill();
    }
  });
});
