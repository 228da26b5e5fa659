import { ACCOUNT, SERVER } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestDatabase,
  engine,
  loseChangeFeedListener,
  testConfig,
  type TestDatabase,
} from '../../test/helpers';
import { bearer, createUser, tokenFor } from '../../test/users';
import { buildApp } from '../app';
import type { Config } from '../config';
import { changed } from '../db/changed';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/index';
import { SignJWT } from 'jose';
import { currentUser, type Access } from './auth';

const t = {} as { app: FastifyInstance; db: TestDatabase; config: Config };

beforeAll(async () => {
  t.db = await createTestDatabase();
  t.config = testConfig();
  t.app = await buildApp({ config: t.config, database: t.db.database });
  // Probe routes standing in for the dashboard and shopper calls that declare these rules.
  const as = (access: Access) => ({ config: { access } });
  t.app.get('/probe/me', as('user'), async (req) => ({ id: currentUser(req).id }));
  t.app.get('/probe/dashboard', as('admin'), async () => ({ ok: true }));
  t.app.get('/probe/super', as('superAdmin'), async () => ({ ok: true }));
  t.app.get('/probe/public', as('public'), async (req) => ({ user: req.user?.id ?? null }));
  await t.app.ready();
});

afterAll(async () => {
  await t.app.close();
  await t.db.drop();
});

const get = async (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe("access 'user'", () => {
  it('lets a signed-in user through and refuses a guest with 401', async () => {
    const user = await createUser(t.db.database);
    const ok = await get('/probe/me', await tokenFor(t, user));
    expect(ok.json()).toEqual({ id: user.id });
    const guest = await get('/probe/me');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({
      success: false,
      message: SERVER.unauthenticated,
      code: 'UNAUTHENTICATED',
    });
  });

  it('says the session expired for an expired token', async () => {
    const user = await createUser(t.db.database);
    const expired = await new SignJWT({ typ: 'access', sid: 'a-session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('otaku-shelf')
      .setAudience('otaku-shelf:access')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await get('/probe/me', expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(ACCOUNT.sessionExpired);
  });

  it('refuses the token of a deleted account on the next call', async () => {
    const user = await createUser(t.db.database);
    const token = await tokenFor(t, user);
    expect((await get('/probe/me', token)).statusCode).toBe(200);
    await t.db.database.db.delete(users).where(eq(users.id, user.id));
    changed.users(t.db.database.db);
    expect((await get('/probe/me', token)).statusCode).toBe(401);
  });
});

describe("access 'admin'", () => {
  it('admits admin and superAdmin, refuses a user with 403', async () => {
    for (const role of ['admin', 'superAdmin'] as const) {
      const staff = await createUser(t.db.database, { role });
      expect((await get('/probe/dashboard', await tokenFor(t, staff))).statusCode).toBe(200);
    }
    const shopper = await createUser(t.db.database);
    const res = await get('/probe/dashboard', await tokenFor(t, shopper));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: ACCOUNT.staffOnly, code: 'FORBIDDEN' });
    expect((await get('/probe/dashboard')).statusCode).toBe(401);
  });

  it('refuses a demoted admin on the very next call, with the same token', async () => {
    const admin = await createUser(t.db.database, { role: 'admin' });
    const token = await tokenFor(t, admin);
    expect((await get('/probe/dashboard', token)).statusCode).toBe(200);
    await t.db.database.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
    changed.users(t.db.database.db);
    expect((await get('/probe/dashboard', token)).statusCode).toBe(403);
  });

  it("access 'superAdmin' refuses an admin", async () => {
    const admin = await createUser(t.db.database, { role: 'admin' });
    const res = await get('/probe/super', await tokenFor(t, admin));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SERVER.forbidden);
  });
});

describe('public routes', () => {
  it('treat a bad token as a guest instead of failing', async () => {
    const res = await get('/probe/public', 'garbage');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });
});

describe('signed-in users kept in memory', () => {
  const statementsOf = async (call: () => Promise<unknown>) => {
    const before = t.db.database.statements();
    await call();
    return t.db.database.statements() - before;
  };
  const demote = async (id: string) => {
    await t.db.database.db.update(users).set({ role: 'user' }).where(eq(users.id, id));
    changed.users(t.db.database.db);
  };

  it('reads a user once while no user changes, and again after any user changed', async () => {
    const user = await createUser(t.db.database);
    const token = await tokenFor(t, user);
    expect(await statementsOf(() => get('/probe/me', token))).toBe(1);
    expect(await statementsOf(() => get('/probe/me', token))).toBe(0);
    await createUser(t.db.database);
    expect(await statementsOf(() => get('/probe/me', token))).toBe(1);
    expect(await statementsOf(() => get('/probe/me', token))).toBe(0);
  });

  it('counts a change inside a transaction when it is committed, and a rollback not at all', async () => {
    const admin = await createUser(t.db.database, { role: 'admin' });
    const token = await tokenFor(t, admin);
    expect((await get('/probe/dashboard', token)).statusCode).toBe(200);
    await t.db.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
        changed.users(tx);
        throw new Error('undo');
      })
      .catch(() => {});
    expect((await get('/probe/dashboard', token)).statusCode).toBe(200);
    await t.db.database.db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
      changed.users(tx);
    });
    expect((await get('/probe/dashboard', token)).statusCode).toBe(403);
  });

  describe.skipIf(engine !== 'postgres')('with other writers on the same PostgreSQL', () => {
    /** Asks until the answer is `status`, for up to two seconds. */
    const eventually = async (token: string, status: number) => {
      for (let i = 0; i < 40; i++) {
        const res = await get('/probe/dashboard', token);
        if (res.statusCode === status) return status;
        await new Promise((r) => setTimeout(r, 50));
      }
      return (await get('/probe/dashboard', token)).statusCode;
    };

    it('sees a role changed outside the shop (psql, a script) through the trigger', async () => {
      const admin = await createUser(t.db.database, { role: 'admin' });
      const token = await tokenFor(t, admin);
      expect((await get('/probe/dashboard', token)).statusCode).toBe(200);
      const outside = new pg.Client({ connectionString: t.db.url });
      await outside.connect();
      try {
        await outside.query(`update users set role = 'user' where id = $1`, [admin.id]);
      } finally {
        await outside.end();
      }
      expect(await eventually(token, 403)).toBe(403);
    });

    it('sees a role changed by another instance, which announces it', async () => {
      const admin = await createUser(t.db.database, { role: 'admin' });
      const token = await tokenFor(t, admin);
      expect((await get('/probe/dashboard', token)).statusCode).toBe(200);
      const other = await openDatabase({ databaseUrl: t.db.url, migrate: false, poolSize: 1 });
      try {
        await other.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
        changed.users(other.db);
        expect(await eventually(token, 403)).toBe(403);
      } finally {
        await other.close();
      }
    });

    it('refuses the access token of a session logged out on another instance', async () => {
      const admin = await createUser(t.db.database, { role: 'admin' });
      const elsewhere = await tokenFor(t, admin);
      const other = await openDatabase({ databaseUrl: t.db.url, migrate: false, poolSize: 2 });
      const second = await buildApp({ config: t.config, database: other });
      try {
        const login = await second.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: admin.email, password: admin.password },
        });
        const { token } = login.json();
        // Kept in memory here, then ended there.
        expect((await get('/probe/dashboard', token)).statusCode).toBe(200);
        const logout = await second.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: bearer(token),
        });
        expect(logout.statusCode).toBe(200);
        expect(await eventually(token, 401)).toBe(401);
        expect((await get('/probe/dashboard', elsewhere)).statusCode).toBe(200);
      } finally {
        await second.close();
        await other.close();
      }
    });

    it('keeps no user while its listening connection is lost, and again once it is back', async () => {
      const admin = await createUser(t.db.database, { role: 'admin' });
      const token = await tokenFor(t, admin);
      await get('/probe/dashboard', token);
      await loseChangeFeedListener(t.db.database);
      expect(t.db.database.changes.users.version()).toBeNull();
      expect(await statementsOf(() => get('/probe/dashboard', token))).toBe(1);
      expect(await statementsOf(() => get('/probe/dashboard', token))).toBe(1);
      await vi.waitUntil(() => t.db.database.changes.users.version() !== null, { timeout: 5_000 });
      await get('/probe/dashboard', token);
      expect(await statementsOf(() => get('/probe/dashboard', token))).toBe(0);
      await demote(admin.id);
      expect((await get('/probe/dashboard', token)).statusCode).toBe(403);
    });
  });
});
