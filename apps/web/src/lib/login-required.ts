/**
 * Spec §5 and §8: a visitor turned away from purchase history for want of a signed-in user is
 * told 'Please login to view your order history'. No other guarded page has such words, so
 * leaving one of them for /login says nothing.
 */
import { VALIDATION } from '@otaku/shared';
import { paths } from './paths';
import { toast } from './toast';

const MESSAGES: ReadonlyMap<string, string> = new Map([
  [paths.history, VALIDATION.historyLoginRequired],
]);

/**
 * Shows the login message of the page at `pathname`, if it has one. One departure can be told
 * from more than one place (an expired session noticed by two calls at once, React's double
 * effects in development); the fixed toast id makes every later telling an update of the toast
 * already shown, so the visitor sees it once.
 */
export function announceLoginRequired(pathname: string): void {
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const message = MESSAGES.get(page);
  if (message) toast.error(message, { id: `login-required:${page}` });
}
