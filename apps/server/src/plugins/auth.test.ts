import { ACCOUNT, SERVER } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers';
import { bearer, createUser, tokenFor } from '../../test/users';
import { buildApp } from '../app';
import type { Config } from '../config';
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
    const expired = await new SignJWT({ typ: 'access' })
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
