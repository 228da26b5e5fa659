import { randomBytes } from 'node:crypto';
import { ACCOUNT, DASHBOARD_RULES, PERMISSIONS, type Role } from '@otaku/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { codeMailedTo, sessionCalls } from '../../../test/auth-calls';
import { expectFieldRefused } from '../../../test/field-errors';
import { useTestApp } from '../../../test/helpers';
import { multipart } from '../../../test/staff';
import { bearer, createUser, logIn, tokenFor, type TestUser } from '../../../test/users';
import { REFRESH_COOKIE } from '../auth/cookies';
import { emailCodes, users } from '../../db/schema/index';
import { EMAIL_CHANGE_LIMITS } from './email-change';

const t = useTestApp();
const { verify, refresh } = sessionCalls(t);

type Holder = TestUser & { headers: { authorization: string } };
async function holder(role: Role = 'admin', emailVerified = true): Promise<Holder> {
  const user = await createUser(t.database, { role, emailVerified });
  return { ...user, headers: bearer(await tokenFor(t, user)) };
}
const newAddress = () => `moved-${randomBytes(4).toString('hex')}@example.com`;

// Each call from an address of its own, so the per-IP limit of one test never touches another.
let calls = 0;
const nextIp = () => {
  calls += 1;
  return `10.136.${Math.floor(calls / 250)}.${(calls % 250) + 1}`;
};

/** `currentPassword` null: none sent. */
const askCode = (who: Holder, email: string, currentPassword: string | null = who.password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/send-email-code',
    headers: who.headers,
    payload: currentPassword === null ? { email } : { email, currentPassword },
    remoteAddress: nextIp(),
  });

const newestMailTo = (email: string) => t.app.mailer.outbox!.find((m) => m.to === email);

/** Asks for a code at the address and reads it from the mail that goes out after the answer. */
async function mailedCode(who: Holder, email: string): Promise<string> {
  const before = newestMailTo(email)?.id;
  const res = await askCode(who, email);
  expect(res.statusCode, res.body).toBe(200);
  await vi.waitFor(() => expect(newestMailTo(email)?.id).not.toBe(before));
  return codeMailedTo(t.app, email, 'email change');
}

async function editOwn(who: Holder, fields: Record<string, string>, id = who.id) {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'PUT',
    url: `/api/user/update/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...who.headers },
  });
}
const moveTo = (who: Holder, email: string, emailCode?: string) =>
  editOwn(who, { email, currentPassword: who.password, ...(emailCode ? { emailCode } : {}) });

const stored = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/user/send-email-code', () => {
  it('needs a session and the current password, then mails a code to the new address only', async () => {
    const admin = await holder();
    const email = newAddress();
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/user/send-email-code',
      payload: { email, currentPassword: admin.password },
    });
    expect(guest.statusCode).toBe(401);
    expectFieldRefused(
      await askCode(admin, email, null),
      'currentPassword',
      DASHBOARD_RULES.currentPasswordRequired,
    );
    expectFieldRefused(
      await askCode(admin, email, 'a-guess'),
      'currentPassword',
      DASHBOARD_RULES.currentPasswordWrong,
    );
    expect(newestMailTo(email)).toBeUndefined();

    const res = await askCode(admin, email);
    expect(res.json()).toEqual({
      success: true,
      message: DASHBOARD_RULES.emailCodeSent,
      resendAfterSeconds: 30,
    });
    await vi.waitFor(() => expect(newestMailTo(email)).toBeDefined());
    expect(newestMailTo(email)!.subject).toBe(DASHBOARD_RULES.emailChangeMailSubject);
    expect(codeMailedTo(t.app, email, 'email change')).toMatch(/^\d{6}$/);
    expect(newestMailTo(admin.email)).toBeUndefined();
    expect((await askCode(admin, email)).statusCode).toBe(429);
    expectFieldRefused(await askCode(admin, admin.email), 'email', DASHBOARD_RULES.emailUnchanged);
  });

  it('answers an address another account uses as a free one, mails nobody there, and no code passes for it', async () => {
    const admin = await holder();
    const owner = await holder('user');
    const free = newAddress();
    const taken = await askCode(admin, owner.email);
    const open = await askCode(admin, free);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual(open.json());
    await vi.waitFor(() => expect(newestMailTo(free)).toBeDefined());
    expect(newestMailTo(owner.email)).toBeUndefined();
    // The same wait before another code, too.
    expect((await askCode(admin, owner.email)).statusCode).toBe(429);
    expect((await askCode(admin, free)).statusCode).toBe(429);
    // The edit says the code is wrong, not that the address is taken.
    expectFieldRefused(
      await moveTo(admin, owner.email, '123456'),
      'emailCode',
      DASHBOARD_RULES.emailCodeInvalid,
    );
    expect((await stored(admin.id)).email).toBe(admin.email);
  });

  it('counts requests per account, and per address only once the current password is right', async () => {
    const busy = await holder();
    for (let i = 0; i < 6; i++) expect((await askCode(busy, newAddress())).statusCode).toBe(200);
    const over = await askCode(busy, newAddress());
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many code requests/);

    const wanted = newAddress();
    const stranger = await holder('user');
    for (let i = 0; i < 6; i++)
      expect((await askCode(stranger, wanted, `guess-${i}`)).statusCode).toBe(400);
    // Above what one account may ask in all: one squatter cannot keep the owner from it.
    expect(EMAIL_CHANGE_LIMITS.perEmail.limit).toBeGreaterThan(
      3 * EMAIL_CHANGE_LIMITS.perAccount.limit,
    );
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.perEmail.limit; i++) {
      const res = await askCode(await holder('user'), wanted);
      expect(res.statusCode, `account ${i + 1}`).toBe(200);
    }
    expect((await askCode(await holder('user'), wanted)).statusCode).toBe(429);
  });
});

/** The address an account left is told, after the answer, with the new one shown in part. */
async function expectChangeNotice(left: string, now: string) {
  await vi.waitFor(() =>
    expect(t.app.mailer.outbox!.find((m) => m.to === left)?.subject).toBe(
      DASHBOARD_RULES.emailChangedMailSubject,
    ),
  );
  const notice = t.app.mailer.outbox!.find((m) => m.to === left)!;
  expect(notice.text).toContain(`${now[0]}•••${now.slice(now.indexOf('@'))}`);
  expect(notice.text).not.toContain(now);
  expect(t.app.mailer.outbox!.some((m) => m.to === now && m.subject === notice.subject)).toBe(
    false,
  );
}

describe('PUT /api/user/update/:id, one’s own email', () => {
  it('refuses a new own email without a code, or with a wrong, expired, another account’s or another address’s code', async () => {
    const admin = await holder();
    const other = await holder();
    const email = newAddress();
    const elsewhere = newAddress();
    const code = await mailedCode(admin, email);
    const othersCode = await mailedCode(other, email);
    const elsewhereCode = await mailedCode(admin, elsewhere);

    expectFieldRefused(await moveTo(admin, email), 'emailCode', DASHBOARD_RULES.emailCodeRequired);
    const refusals: [string, string][] = [
      [email, otherCode(code)],
      [email, othersCode === code ? otherCode(othersCode) : othersCode],
      [email, elsewhereCode === code ? otherCode(elsewhereCode) : elsewhereCode],
      [elsewhere, code === elsewhereCode ? otherCode(code) : code],
    ];
    for (const [address, tried] of refusals)
      expectFieldRefused(
        await moveTo(admin, address, tried),
        'emailCode',
        DASHBOARD_RULES.emailCodeInvalid,
      );
    // Someone else's id is someone else's account: an admin is not asked, and cannot edit it.
    const hijack = await editOwn(admin, { email, emailCode: othersCode }, other.id);
    expect(hijack.statusCode).toBe(403);
    expect((await stored(admin.id)).email).toBe(admin.email);

    // The right code, once it has expired.
    const owner = and(eq(emailCodes.email, email), eq(emailCodes.accountId, admin.id));
    await t.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(owner);
    expectFieldRefused(
      await moveTo(admin, email, code),
      'emailCode',
      DASHBOARD_RULES.emailCodeInvalid,
    );
    expect((await stored(admin.id)).email).toBe(admin.email);
    // The other account's tries counted on none of its code: it still works for it.
    expect((await moveTo(other, email, othersCode)).statusCode).toBe(200);
  });

  it('changes the address with the right code, once, and counts the new address as proven', async () => {
    const shopper = await holder('user', false);
    const first = shopper.email;
    const email = newAddress();
    const code = await mailedCode(shopper, email);
    const res = await moveTo(shopper, email, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(email);
    const row = await stored(shopper.id);
    expect(row.email).toBe(email);
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    await expectChangeNotice(first, email);

    // The change ended the account's sessions (this one had no refresh token to keep); the
    // new address signs in.
    shopper.headers = bearer((await logIn(t.app, { email, password: shopper.password })).token);
    const back = await mailedCode(shopper, first);
    expect((await moveTo(shopper, first, back)).statusCode).toBe(200);
    shopper.headers = bearer((await logIn(t.app, shopper)).token);
    expectFieldRefused(
      await moveTo(shopper, email, code),
      'emailCode',
      DASHBOARD_RULES.emailCodeInvalid,
    );
    expect((await stored(shopper.id)).email).toBe(first);
  });

  it('ends the account’s other sessions but the one that made the change', async () => {
    const admin = await holder();
    const here = await logIn(t.app, admin);
    const elsewhere = await logIn(t.app, admin);
    const email = newAddress();
    const code = await mailedCode(admin, email);
    const body = await multipart({ email, currentPassword: admin.password, emailCode: code });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/update/${admin.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(here.token) },
      cookies: { [REFRESH_COOKIE]: here.refreshToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await verify(elsewhere.token)).statusCode).toBe(401);
    // The session that made the change goes on, with a new access token at its refresh.
    const renewed = await refresh(here.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await verify(renewed.json().token)).statusCode).toBe(200);
  });

  it('voids a code after five wrong tries', async () => {
    const admin = await holder();
    const email = newAddress();
    const code = await mailedCode(admin, email);
    let wrong = code;
    for (let i = 1; i <= 4; i++) {
      wrong = otherCode(wrong);
      expectFieldRefused(
        await moveTo(admin, email, wrong),
        'emailCode',
        DASHBOARD_RULES.emailCodeInvalid,
      );
    }
    expectFieldRefused(
      await moveTo(admin, email, otherCode(wrong)),
      'emailCode',
      ACCOUNT.codeTooManyTries,
    );
    expectFieldRefused(
      await moveTo(admin, email, code),
      'emailCode',
      DASHBOARD_RULES.emailCodeInvalid,
    );
    expect((await stored(admin.id)).email).toBe(admin.email);
  });

  it('is not brute-forced by 300 tries at once: the code is voided, the address kept', async () => {
    const admin = await holder();
    const email = newAddress();
    const code = await mailedCode(admin, email);
    const guesses: string[] = [];
    for (let guess = otherCode(code); guesses.length < 300; guess = otherCode(guess))
      guesses.push(guess);
    const answers = await Promise.all(guesses.map((guess) => moveTo(admin, email, guess)));
    expect(answers.filter((r) => r.statusCode === 200)).toEqual([]);
    // Refused for the code, or for too many current passwords at once (decision 135).
    expect(answers.filter((r) => r.statusCode !== 400 && r.statusCode !== 429)).toEqual([]);
    const left = await t.database.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.accountId, admin.id)));
    expect(left).toEqual([]);
    expect((await stored(admin.id)).email).toBe(admin.email);
  });

  it('lets staff change another account’s email without a code, under the rank rules, as unproven', async () => {
    const boss = await holder('superAdmin');
    const admin = await holder('admin');
    const shopper = await holder('user');
    const shopperSession = await logIn(t.app, shopper);
    const email = newAddress();
    const byBoss = await editOwn(boss, { email }, shopper.id);
    expect(byBoss.statusCode, byBoss.body).toBe(200);
    const row = await stored(shopper.id);
    expect(row.email).toBe(email);
    expect(row.emailVerifiedAt).toBeNull();
    await expectChangeNotice(shopper.email, email);
    // Every session of the account ends: whoever holds one may not be the address's owner.
    expect((await refresh(shopperSession.refreshToken)).statusCode).toBe(401);
    expect((await editOwn(admin, { email: newAddress() }, shopper.id)).statusCode).toBe(200);
    const up = await editOwn(admin, { email: newAddress() }, boss.id);
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(PERMISSIONS.noAuthorityToEditUser);
    const peer = await editOwn(admin, { email: newAddress() }, (await holder('admin')).id);
    expect(peer.statusCode).toBe(403);
  });
});
