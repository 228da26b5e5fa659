/**
 * The refresh-token cookie: httpOnly (scripts never read it), SameSite=Strict (never sent on
 * cross-site requests), Secure on https. Its path is /api because the Google completion and
 * logout calls (/api/googleAuth/*) must receive it as well as /api/auth/*.
 *
 * "On https" means PUBLIC_URL is https, or the request came over https: directly, or, in
 * production (where the app trusts its proxy), as `X-Forwarded-Proto: https` from the TLS
 * proxy in front of it. Plain http on localhost gets no Secure flag, so `npm start` works.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { REFRESH_TOKEN_TTL_DAYS } from '../../lib/tokens';

export const REFRESH_COOKIE = 'otaku_rt';
const PATH = '/api';
export const REFRESH_COOKIE_MAX_AGE = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60;

/** Whether cookies set on this reply must be Secure. */
export const isHttps = (config: Config, reply: FastifyReply): boolean =>
  config.publicUrl.startsWith('https://') || reply.request.protocol === 'https';

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(config, reply),
    maxAge: REFRESH_COOKIE_MAX_AGE,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(config, reply),
  });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}
