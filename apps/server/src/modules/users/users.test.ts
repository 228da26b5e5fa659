import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DASHBOARD, DASHBOARD_RULES, INPUT_RULES, PERMISSIONS, USER_FORM } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, multipart, pngImage, type TestAccount } from '../../../test/staff';
import { codeMailedTo, sessionCalls } from '../../../test/auth-calls';
import { expectFieldRefused } from '../../../test/field-errors';
import { useTestApp } from '../../../test/helpers';
import { bearer, createUser, logIn } from '../../../test/users';
import { users } from '../../db/schema/index';
import { verifyPassword } from '../../lib/passwords';
import { REFRESH_COOKIE } from '../auth/cookies';

const t = useTestApp();
const account = (role: 'user' | 'admin' | 'superAdmin') =>
  createAccount(t.database, t.config.jwtSecret, role);
let boss: TestAccount;

beforeAll(async () => {
  boss = await account('superAdmin');
});

async function edit(
  editor: TestAccount | null,
  id: string,
  fields: Record<string, string>,
  picture?: Buffer,
) {
  const body = await multipart({
    ...fields,
    profilePic: picture ? { name: 'me.png', type: 'image/png', data: picture } : undefined,
  });
  return t.app.inject({
    method: 'PUT',
    url: `/api/user/update/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...(editor ? editor.headers : {}) },
  });
}
const remove = (editor: TestAccount | null, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/user/delete/${id}`,
    headers: editor ? editor.headers : {},
    payload: { editorEmail: 'spoofed@example.com' },
  });
const { refresh, verify } = sessionCalls(t);
const roleOf = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.role;

describe('GET /api/user/getUsers', () => {
  it('searches by name or email, filters by role, pages by 20, never shows a hash', async () => {
    const admin = await account('admin');
    const named = await createAccount(t.database, t.config.jwtSecret, 'user', {
      username: 'Findable Fox',
      email: 'zz-fox@example.com',
    });
    const byName = await t.app.inject({
      url: '/api/user/getUsers?searchQuery=findable&role=all&viewerEmail=nobody@x.y',
      headers: admin.headers,
    });
    expect(byName.json().requiredUsers.map((u: { _id: string }) => u._id)).toEqual([named.id]);
    const byEmail = await t.app.inject({
      url: '/api/user/getUsers?searchQuery=ZZ-FOX',
      headers: admin.headers,
    });
    expect(byEmail.json().totalUsers).toBe(1);
    expect(JSON.stringify(byEmail.json())).not.toContain('passwordHash');
    const supers = await t.app.inject({
      url: '/api/user/getUsers?role=superAdmin',
      headers: admin.headers,
    });
    expect(
      supers.json().requiredUsers.every((u: { role: string }) => u.role === 'superAdmin'),
    ).toBe(true);
    for (let i = 0; i < 21; i++) await account('user');
    const page = await t.app.inject({
      url: '/api/user/getUsers?currPage=1',
      headers: admin.headers,
    });
    expect(page.json().requiredUsers).toHaveLength(20);
    expect(page.json().totalPages).toBe(Math.ceil(page.json().totalUsers / 20));
  });
  it('totals every role as accounts come, change role and go, on every page', async () => {
    const totals = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/user/getUsers?${query}`,
        headers: boss.headers,
      });
      expect(res.statusCode, query).toBe(200);
      return { total: res.json().totalUsers, listed: res.json().requiredUsers.length };
    };
    const counted = async (role?: 'user' | 'admin' | 'superAdmin') =>
      (await t.database.db.select({ role: users.role }).from(users)).filter(
        (u) => !role || u.role === role,
      ).length;
    const expectTotals = async () => {
      for (const role of ['user', 'admin', 'superAdmin'] as const) {
        expect((await totals(`role=${role}`)).total, role).toBe(await counted(role));
      }
      expect((await totals('role=all')).total).toBe(await counted());
      // A page past the end has no account to carry the total, and still knows it.
      expect(await totals('role=all&currPage=99')).toEqual({ total: await counted(), listed: 0 });
    };

    await expectTotals();
    const promoted = await account('user');
    const leaving = await account('user');
    await expectTotals();
    expect((await edit(boss, promoted.id, { role: 'admin' })).statusCode).toBe(200);
    expect((await remove(boss, leaving.id)).statusCode).toBe(200);
    await expectTotals();
    const searched = await totals(`searchQuery=${encodeURIComponent(promoted.email)}&role=admin`);
    expect(searched).toEqual({ total: 1, listed: 1 });
    expect(await totals(`searchQuery=${encodeURIComponent(promoted.email)}&role=user`)).toEqual({
      total: 0,
      listed: 0,
    });
  });

  it('finds the words in the name or the e-mail in any case, after a rename too, and only there', async () => {
    const admin = await account('admin');
    const named = await createAccount(t.database, t.config.jwtSecret, 'user', {
      username: 'Quiet Heron',
      email: 'qh_99@example.com',
    });
    const found = async (words: string) =>
      (
        await t.app.inject({
          url: `/api/user/getUsers?searchQuery=${encodeURIComponent(words)}`,
          headers: admin.headers,
        })
      )
        .json()
        .requiredUsers.map((u: { _id: string }) => u._id);
    expect(await found('QUIET heron')).toEqual([named.id]);
    expect(await found('QH_99@EXAMPLE')).toEqual([named.id]);
    // Across the end of the name and the start of the e-mail is no match; _ and % are letters.
    expect(await found('heron qh')).toEqual([]);
    expect(await found('qh%99')).toEqual([]);
    expect(await found('quiet_heron')).toEqual([]);
    expect((await edit(admin, named.id, { username: 'Loud Crane' })).statusCode).toBe(200);
    expect(await found('heron')).toEqual([]);
    expect(await found('loud CRANE')).toEqual([named.id]);
  });
});

describe('PUT /api/user/update/:id', () => {
  it('refuses a guest and tells a plain user they have no authority', async () => {
    const shopper = await account('user');
    const other = await account('user');
    expect((await edit(null, other.id, { username: 'hacked' })).statusCode).toBe(401);
    const res = await edit(shopper, other.id, { username: 'hacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PERMISSIONS.noAuthorityToEditUsers);
    // Refused before the form is read: neither its mistakes nor an 11 MB upload are looked at.
    const badForm = await edit(shopper, other.id, { username: ' ', password: 'short' });
    expect(badForm.json().message).toBe(PERMISSIONS.noAuthorityToEditUsers);
    const huge = await edit(shopper, other.id, {}, Buffer.alloc(11 * 1024 * 1024));
    expect(huge.statusCode).toBe(403);
    const admin = await account('admin');
    const overBoss = await edit(admin, boss.id, {}, Buffer.alloc(11 * 1024 * 1024));
    expect(overBoss.json().message).toBe(PERMISSIONS.noAuthorityToEditUser);
    expect((await edit(admin, '00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404);
  });

  it('lets an admin edit a user but not another admin or a superAdmin', async () => {
    const admin = await account('admin');
    const user = await account('user');
    const ok = await edit(admin, user.id, { username: 'renamed', password: '' });
    expect(ok.json()).toMatchObject({
      message: DASHBOARD.userUpdated,
      user: { username: 'renamed' },
    });
    for (const target of [await account('admin'), boss]) {
      const res = await edit(admin, target.id, { username: 'nope' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PERMISSIONS.noAuthorityToEditUser);
    }
  });

  it('refuses an admin promoting anyone, even themselves', async () => {
    const admin = await account('admin');
    const user = await account('user');
    const res = await edit(admin, user.id, { role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DASHBOARD_RULES.onlySuperAdminChangesRoles);
    expect(await roleOf(user.id)).toBe('user');
    const self = await edit(admin, admin.id, { role: 'superAdmin' });
    expect(self.statusCode).toBe(403);
    expect(await roleOf(admin.id)).toBe('admin');
    // Sending one's current role with other changes is not a change of role.
    expect((await edit(admin, admin.id, { role: 'admin', username: 'same role' })).statusCode).toBe(
      200,
    );
  });

  it('lets a superAdmin change roles, but not their own, and never demote the last one', async () => {
    const user = await account('user');
    expect((await edit(boss, user.id, { role: 'admin' })).statusCode).toBe(200);
    expect(await roleOf(user.id)).toBe('admin');
    const own = await edit(boss, boss.id, { role: 'admin' });
    expect(own.json().message).toBe(DASHBOARD_RULES.cannotChangeOwnRole);

    const second = await account('superAdmin');
    expect((await edit(boss, second.id, { role: 'admin' })).statusCode).toBe(200);
    // Now boss may be the only superAdmin left: a superAdmin cannot demote themselves either.
    expect(await roleOf(boss.id)).toBe('superAdmin');
  });

  it('refuses a new password holding a control character, and keeps the old one', async () => {
    const user = await account('user');
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    await expectFieldRefused(
      await edit(user, user.id, { password: 'my\u001bnew-password' }),
      'password',
      INPUT_RULES.controlCharacters('Password'),
    );
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });

  it('refuses making anyone a superAdmin, but edits a superAdmin sent with that role', async () => {
    for (const target of [await account('user'), await account('admin')]) {
      const res = await edit(boss, target.id, { role: 'superAdmin', username: 'promoted' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        message: DASHBOARD_RULES.superAdminNotGiven,
        code: 'FORBIDDEN',
      });
      expect(await roleOf(target.id)).toBe(target.role);
    }
    const other = await account('superAdmin');
    const same = await edit(boss, other.id, { role: 'superAdmin', username: 'still super' });
    expect(same.statusCode).toBe(200);
    expect(same.json().user).toMatchObject({ role: 'superAdmin', username: 'still super' });
  });

  it('keeps the password when blank, changes it when given, stores a picture', async () => {
    const user = await account('user');
    const pic = await edit(user, user.id, {}, await pngImage(300, 300));
    expect(pic.statusCode).toBe(200);
    expect(pic.json().user.profilePic).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const fake = await edit(user, user.id, {}, Buffer.from('just some words, not a picture'));
    expect(fake.statusCode).toBe(415);

    // (Which ends the user's sessions, this token's included: decision 123.)
    await edit(boss, user.id, { password: 'a-new-password' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.passwordHash, 'a-new-password')).toBe(true);
    await edit(boss, user.id, { password: '', username: 'kept-pass' });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBe(row!.passwordHash);
  });

  it('refuses a picture cut short or damaged with a 400, and keeps no file of it', async () => {
    const user = await account('user');
    const png = await pngImage(300, 300);
    const avatars = path.join(t.config.uploadsDir, 'avatars');
    const before = await readdir(avatars).catch(() => []);
    for (const damaged of [
      png.subarray(0, Math.floor(png.length * 0.6)),
      Buffer.concat([png.subarray(0, 64), Buffer.alloc(png.length - 64, 0x5a)]),
    ]) {
      const res = await edit(user, user.id, { username: 'not renamed' }, damaged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: DASHBOARD_RULES.imageUnreadable,
        field: 'profilePic',
      });
    }
    expect(await readdir(avatars).catch(() => [])).toEqual(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.username).not.toBe('not renamed');
  });

  it('ends the sessions of an account whose password changes, but the editor’s own', async () => {
    const shopper = await createUser(t.database);
    const shopperSession = await logIn(t.app, shopper);
    expect((await edit(boss, shopper.id, { username: 'renamed-only' })).statusCode).toBe(200);
    expect((await refresh(shopperSession.refreshToken)).statusCode).toBe(200);
    const rotated = await logIn(t.app, shopper);
    expect((await verify(rotated.token)).statusCode).toBe(200);
    expect((await edit(boss, shopper.id, { password: 'a-new-password' })).statusCode).toBe(200);
    // Its access token too, from the next call (decision 123).
    expect((await verify(rotated.token)).statusCode).toBe(401);
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);

    const admin = await createUser(t.database, { role: 'admin' });
    const here = await logIn(t.app, admin);
    const elsewhere = await logIn(t.app, admin);
    const body = await multipart({ password: 'my-new-password', currentPassword: admin.password });
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/user/update/${admin.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(here.token) },
      cookies: { [REFRESH_COOKIE]: here.refreshToken },
    });
    expect(own.statusCode).toBe(200);
    // The editor's access token goes too; their session gets a new one, as the web app asks.
    expect((await verify(here.token)).statusCode).toBe(401);
    const renewed = await refresh(here.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await verify(renewed.json().token)).statusCode).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await verify(elsewhere.token)).statusCode).toBe(401);
  });

  it('asks editors changing their own password or email for the current one (decision 135)', async () => {
    const admin = await createUser(t.database, { role: 'admin' });
    const session = await logIn(t.app, admin);
    const own = async (fields: Record<string, string>) => {
      const body = await multipart(fields);
      return t.app.inject({
        method: 'PUT',
        url: `/api/user/update/${admin.id}`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(session.token) },
      });
    };
    const stored = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, admin.id)))[0]!;
    const before = await stored();

    const changes: Record<string, string>[] = [
      { password: 'taken-over-now' },
      { email: 'thief@example.com' },
    ];
    for (const fields of changes) {
      await expectFieldRefused(
        await own(fields),
        'currentPassword',
        DASHBOARD_RULES.currentPasswordRequired,
      );
      await expectFieldRefused(
        await own({ ...fields, currentPassword: 'a-guess' }),
        'currentPassword',
        DASHBOARD_RULES.currentPasswordWrong,
      );
    }
    expect(await stored()).toMatchObject({
      email: before.email,
      passwordHash: before.passwordHash,
    });
    // Nor does spelling one's own id in capitals make it someone else's account.
    const shouted = await multipart({ password: 'taken-over-now' });
    const upper = await t.app.inject({
      method: 'PUT',
      url: `/api/user/update/${admin.id.toUpperCase()}`,
      payload: shouted.payload,
      headers: { ...shouted.headers, ...bearer(session.token) },
    });
    await expectFieldRefused(upper, 'currentPassword', DASHBOARD_RULES.currentPasswordRequired);
    // A name or a picture needs nothing more.
    expect((await own({ username: 'renamed-self' })).statusCode).toBe(200);

    // A new email also needs the code mailed there (decision 136, email-change.test.ts).
    const email = 'new.address@example.com';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/send-email-code',
      headers: bearer(session.token),
      payload: { email, currentPassword: admin.password },
    });
    expect(sent.statusCode).toBe(200);
    const emailCode = await vi.waitFor(() => codeMailedTo(t.app, email, 'email change'));
    const changed = await own({ email, currentPassword: admin.password, emailCode });
    expect(changed.statusCode).toBe(200);
    expect((await stored()).email).toBe('new.address@example.com');
    // Another editor's change of someone else is not asked for anything (the rank rules hold).
    expect((await edit(boss, admin.id, { password: 'set-by-the-boss' })).statusCode).toBe(200);
  });

  it('gives an editor ten wrong current passwords, then a wait', async () => {
    const admin = await createUser(t.database, { role: 'admin' });
    const session = await logIn(t.app, admin);
    const tries = [];
    for (let i = 0; i < 11; i++) {
      const body = await multipart({ password: 'a-new-password', currentPassword: `guess-${i}` });
      tries.push(
        await t.app.inject({
          method: 'PUT',
          url: `/api/user/update/${admin.id}`,
          payload: body.payload,
          headers: { ...body.headers, ...bearer(session.token) },
        }),
      );
    }
    expect(tries.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(400));
    expect(tries[10]!.statusCode).toBe(429);
  });

  it('reports the user form messages', async () => {
    const user = await account('user');
    expect((await edit(user, user.id, { username: ' ' })).json().message).toBe(
      USER_FORM.usernameRequired,
    );
    expect((await edit(user, user.id, { email: '' })).json().message).toBe(USER_FORM.emailRequired);
    const taken = await edit(boss, user.id, { email: boss.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(DASHBOARD_RULES.emailTaken);
  });

  it('refuses an over-long e-mail, control characters in a username and an over-long password', async () => {
    const user = await account('user');
    const email = `${randomBytes(1500).toString('hex')}@example.com`;
    expectFieldRefused(await edit(user, user.id, { email }), 'email', DASHBOARD_RULES.emailInvalid);
    expectFieldRefused(
      await edit(user, user.id, { username: 'abc\u0007\u001bdef' }),
      'username',
      INPUT_RULES.controlCharacters('Username'),
    );
    expectFieldRefused(
      await edit(user, user.id, { password: 'p'.repeat(129) }),
      'password',
      INPUT_RULES.passwordTooLong,
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.username).toBe(user.username);
    expect(row!.email).toBe(user.email);
  });
});

describe('DELETE /api/user/delete/:id', () => {
  it('refuses deleting oneself', async () => {
    const admin = await account('admin');
    const res = await remove(admin, admin.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PERMISSIONS.cannotDeleteSelf);
  });

  it('refuses guests, plain users and an admin acting on an admin or superAdmin', async () => {
    const admin = await account('admin');
    const shopper = await account('user');
    const victim = await account('user');
    expect((await remove(null, victim.id)).statusCode).toBe(401);
    expect((await remove(shopper, victim.id)).json().message).toBe(
      PERMISSIONS.noAuthorityToDeleteUser,
    );
    for (const target of [await account('admin'), boss]) {
      const res = await remove(admin, target.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PERMISSIONS.noAuthorityToDeleteUser);
    }
  });

  it('lets an admin delete a user, whose token then stops working', async () => {
    const admin = await account('admin');
    const victim = await account('user');
    const res = await remove(admin, victim.id);
    expect(res.json()).toEqual({ success: true, message: DASHBOARD.userDeleted });
    const after = await edit(victim, victim.id, { username: 'ghost' });
    expect(after.statusCode).toBe(401);
  });
});
