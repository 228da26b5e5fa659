/**
 * Logout ends a session, so another site must not be able to make a visitor's browser do it
 * (a forged form or fetch). A browser says where a request comes from: `Sec-Fetch-Site`, which
 * every current browser sends and a page cannot set, is taken as it is; without it (older
 * browsers, plain-http sites other than localhost) `Origin` must be the shop's own. A request
 * with neither header is not a browser's (curl, an app), which no other site can make a
 * visitor send, and goes through (decision 129).
 */
import { ACCOUNT } from '@otaku/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { forbidden } from '../../lib/errors';

/** Throws 403 unless the request came from the shop's own pages or not from a browser. */
export function requireSameOrigin(request: FastifyRequest, config: Config): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site !== 'same-origin') throw forbidden(ACCOUNT.crossSiteLogout);
    return;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, request, config)) {
    throw forbidden(ACCOUNT.crossSiteLogout);
  }
}

/** The shop's public address, or the host the request was sent to ('null' is neither). */
function isOwnOrigin(origin: string, request: FastifyRequest, config: Config): boolean {
  if (origin === new URL(config.publicUrl).origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
