/**
 * Access tokens that were verified once are remembered (tokens.ts): the remembered answer must
 * be the one a full check would give, including after the token has expired.
 */
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'tokens-test-secret-tokens-test-secret-0123456789';

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken on a token it has seen before', () => {
  it('answers the same user again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00.700Z'));
    const token = await signAccessToken(SECRET, 'user-a', 'session-a');
    // To the millisecond: what the cut-off of decision 123 compares.
    const issuedAtMs = Date.parse('2026-03-01T09:00:00.700Z');
    const answer = { ok: true, userId: 'user-a', sessionId: 'session-a', issuedAtMs };
    expect(await verifyAccessToken(SECRET, token)).toEqual(answer);
    expect(await verifyAccessToken(SECRET, token)).toEqual(answer);
  });

  it('says it expired once its lifetime is over, and keeps saying so', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const token = await signAccessToken(SECRET, 'user-b');
    expect(await verifyAccessToken(SECRET, token)).toMatchObject({ ok: true, userId: 'user-b' });

    vi.setSystemTime(new Date('2026-03-01T10:00:00Z').getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(await verifyAccessToken(SECRET, token)).toEqual({ ok: false, expired: true });
    expect(await verifyAccessToken(SECRET, token)).toEqual({ ok: false, expired: true });
  });

  it('reads a token without the millisecond claim by its second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:30:00.900Z'));
    const token = await new SignJWT({ typ: 'access', sid: 'session-e' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-e')
      .setIssuer('otaku-shelf')
      .setAudience('otaku-shelf:access')
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(SECRET, token)).toEqual({
      ok: true,
      userId: 'user-e',
      sessionId: 'session-e',
      issuedAtMs: Date.parse('2026-03-01T09:30:00Z'),
    });
  });

  it('does not accept it under another secret', async () => {
    const token = await signAccessToken(SECRET, 'user-c');
    expect((await verifyAccessToken(SECRET, token)).ok).toBe(true);
    expect(await verifyAccessToken(`${SECRET}-rotated`, token)).toEqual({
      ok: false,
      expired: false,
    });
  });

  it('does not accept a copy with a changed character', async () => {
    const token = await signAccessToken(SECRET, 'user-d');
    expect((await verifyAccessToken(SECRET, token)).ok).toBe(true);
    // Inside the signature: the last character also carries unused bits.
    const at = token.length - 10;
    const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect((await verifyAccessToken(SECRET, changed)).ok).toBe(false);
  });
});
