/**
 * Token primitives. The access token is a short-lived HS256 JWT whose audience and `typ` say
 * "access", so no other token the server signs (the Google state cookie) can pass for one.
 * Refresh tokens are opaque random strings; only their SHA-256 is stored.
 */
import { createHash, createHmac, randomBytes, randomUUID, webcrypto } from 'node:crypto';
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

/**
 * The session (refresh-token family) a token belongs to, so that logging out refuses that
 * session's access tokens at once and leaves the user's other sessions alone (decision 129).
 */
const SESSION_ID = 'sid';

/**
 * Signs an access token of the user's session `sessionId` (the family of its refresh token). A
 * token with no refresh token behind it (a test's, the bench's) gets a session of its own.
 */
export async function signAccessToken(
  secret: string,
  userId: string,
  sessionId: string = randomUUID(),
): Promise<string> {
  return new SignJWT({ typ: ACCESS_TYPE, [ISSUED_AT_MS]: Date.now(), [SESSION_ID]: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(ACCESS_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await keyOf(secret));
}

/** A token's user, its session, and when it was issued (milliseconds since the epoch). */
export interface VerifiedAccessToken {
  userId: string;
  sessionId: string;
  issuedAtMs: number;
}

export type AccessTokenCheck =
  ({ ok: true } & VerifiedAccessToken) | { ok: false; expired: boolean };

/** How many verified access tokens are remembered per secret (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Access tokens already verified, by the SHA-256 of the token, with their user and expiry. A
 * shopper sends the same token on every call for its whole life, and checking its signature
 * again (WebCrypto, a round trip through the thread pool) cost more than the rest of the call's
 * own work. Only a token that passed every check is remembered, and only until it expires, so
 * the answer is the one `jwtVerify` would give; the oldest entry makes room when it is full.
 */
const verified = new Map<string, Map<string, VerifiedAccessToken & { expiresAtMs: number }>>();

function verifiedTokens(secret: string) {
  let tokens = verified.get(secret);
  if (!tokens) {
    tokens = new Map();
    verified.set(secret, tokens);
  }
  return tokens;
}

/**
 * Verifies signature, issuer, audience, type and expiry, and that the token says whose it is,
 * when it was issued, when it ends and which session it belongs to: a token without `sub`,
 * `iat`, `exp` or `sid` is refused however it was signed. Never throws.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenCheck> {
  const tokens = verifiedTokens(secret);
  const digest = createHash('sha256').update(token).digest('base64');
  const known = tokens.get(digest);
  if (known) {
    if (Date.now() < known.expiresAtMs) {
      const { userId, sessionId, issuedAtMs } = known;
      return { ok: true, userId, sessionId, issuedAtMs };
    }
    tokens.delete(digest);
    return { ok: false, expired: true };
  }
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      issuer: ISSUER,
      audience: ACCESS_AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'iat', 'exp', SESSION_ID],
    });
    const { typ, sub: userId, iat, exp, [SESSION_ID]: sessionId } = payload;
    if (
      typ !== ACCESS_TYPE ||
      typeof userId !== 'string' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      typeof sessionId !== 'string'
    ) {
      return { ok: false, expired: false };
    }
    // A token signed by hand without the claim is read by its second.
    const exact = payload[ISSUED_AT_MS];
    const issuedAtMs = typeof exact === 'number' ? exact : iat * 1000;
    if (tokens.size >= VERIFIED_TOKENS_KEPT) tokens.delete(tokens.keys().next().value!);
    tokens.set(digest, { userId, sessionId, issuedAtMs, expiresAtMs: exp * 1000 });
    return { ok: true, userId, sessionId, issuedAtMs };
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

/**
 * The refresh token that follows `presented` in its family. Worked out, not drawn: a second
 * refresh with the same token within the grace (two tabs at once, decision 129) must get the
 * same successor, and only hashes are stored. Keyed with the shop's secret, so nobody without
 * it can work out a successor from a token.
 */
export function successorOf(secret: string, presented: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${presented}`).digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function refreshExpiry(now = new Date()): Date {
  return new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
}
