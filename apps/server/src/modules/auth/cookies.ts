/**
 * The refresh-token cookie: httpOnly (scripts never read it), SameSite=Strict (never sent on
 * cross-site requests), Secure on https. Its path is /api because the Google completion and
 * logout calls (/api/googleAuth/*) must receive it as well as /api/auth/*.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { REFRESH_TOKEN_TTL_DAYS } from './tokens';

export const REFRESH_COOKIE = 'otaku_rt';
const PATH = '/api';

const secure = (config: Config) => config.publicUrl.startsWith('https://');

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config),
    maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config),
  });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}
