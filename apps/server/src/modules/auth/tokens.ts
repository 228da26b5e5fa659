/**
 * Token primitives. The access token is a short-lived HS256 JWT whose audience and `typ` say
 * "access", so no other token the server signs (the Google state cookie) can pass for one.
 * Refresh tokens are opaque random strings; only their SHA-256 is stored.
 */
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

const ISSUER = 'otaku-shelf';
const ACCESS_AUDIENCE = 'otaku-shelf:access';
const ACCESS_TYPE = 'access';

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

/**
 * The HMAC key for a secret, imported once: given the raw bytes, jose would import them again
 * on every token it signs or checks, which costs as much as the check itself.
 */
function keyOf(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

/**
 * The access token's issue time in milliseconds, beside the JWT's `iat` in whole seconds: a
 * password change refuses the tokens issued before it (decision 123), and the new token of the
 * session it keeps may be issued in the same second.
 */
const ISSUED_AT_MS = 'iatMs';

export async function signAccessToken(secret: string, userId: string): Promise<string> {
  return new SignJWT({ typ: ACCESS_TYPE, [ISSUED_AT_MS]: Date.now() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(ACCESS_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await keyOf(secret));
}

/** A token's user and when it was issued (milliseconds since the epoch). */
export type AccessTokenCheck =
  { ok: true; userId: string; issuedAtMs: number } | { ok: false; expired: boolean };

/** How many verified access tokens are remembered per secret (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Access tokens already verified, by the SHA-256 of the token, with their user and expiry. A
 * shopper sends the same token on every call for its whole life, and checking its signature
 * again (WebCrypto, a round trip through the thread pool) cost more than the rest of the call's
 * own work. Only a token that passed every check is remembered, and only until it expires, so
 * the answer is the one `jwtVerify` would give; the oldest entry makes room when it is full.
 */
const verified = new Map<
  string,
  Map<string, { userId: string; issuedAtMs: number; expiresAtMs: number }>
>();

function verifiedTokens(secret: string) {
  let tokens = verified.get(secret);
  if (!tokens) {
    tokens = new Map();
    verified.set(secret, tokens);
  }
  return tokens;
}

/** Verifies signature, issuer, audience, type and expiry; never throws. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenCheck> {
  const tokens = verifiedTokens(secret);
  const digest = createHash('sha256').update(token).digest('base64');
  const known = tokens.get(digest);
  if (known) {
    if (Date.now() < known.expiresAtMs) {
      return { ok: true, userId: known.userId, issuedAtMs: known.issuedAtMs };
    }
    tokens.delete(digest);
    return { ok: false, expired: true };
  }
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      issuer: ISSUER,
      audience: ACCESS_AUDIENCE,
      algorithms: ['HS256'],
    });
    const { typ, sub: userId, iat, exp } = payload;
    if (typ !== ACCESS_TYPE || typeof userId !== 'string' || typeof iat !== 'number') {
      return { ok: false, expired: false };
    }
    // A token signed before the claim existed has its second only.
    const exact = payload[ISSUED_AT_MS];
    const issuedAtMs = typeof exact === 'number' ? exact : iat * 1000;
    if (typeof exp === 'number') {
      if (tokens.size >= VERIFIED_TOKENS_KEPT) tokens.delete(tokens.keys().next().value!);
      tokens.set(digest, { userId, issuedAtMs, expiresAtMs: exp * 1000 });
    }
    return { ok: true, userId, issuedAtMs };
  } catch (error) {
    return { ok: false, expired: error instanceof errors.JWTExpired };
  }
}

/** A short-lived signed value (the Google sign-in state) that is never an access token. */
export async function signPayload(
  secret: string,
  type: string,
  payload: Record<string, string>,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ ...payload, typ: type })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(`${ISSUER}:${type}`)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await keyOf(secret));
}

export async function verifyPayload(
  secret: string,
  type: string,
  token: string,
): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      issuer: ISSUER,
      audience: `${ISSUER}:${type}`,
      algorithms: ['HS256'],
    });
    return payload.typ === type ? payload : null;
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function refreshExpiry(now = new Date()): Date {
  return new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
}
