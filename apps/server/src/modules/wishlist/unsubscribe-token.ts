/**
 * The back-in-stock e-mail's unsubscribe token (decision 168): the shopper's id and an HMAC of
 * it under the app's secret, so the link works without signing in and cannot be made for
 * someone else. It never expires (an old mail's link still works); a new JWT_SECRET voids every
 * one. Its only power is to cancel the shopper's alerts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'stock-alerts-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const macOf = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${macOf(secret, userId).toString('base64url')}`;
}

/** The user the token was made for; null for anything else. */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, mac, ...rest] = token.split('.');
  if (!userId || !mac || rest.length > 0 || !UUID.test(userId)) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
