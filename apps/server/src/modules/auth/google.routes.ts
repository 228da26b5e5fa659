/**
 * Google sign-in (spec §7): the browser is sent to /api/googleAuth/login, comes back to
 * /api/googleAuth/callback, and lands on the web page /auth/google/success, which calls
 * GET /api/googleAuth/success to turn the session cookie into a token and user.
 * Failures land on /auth/google/success?error=<reason> (the page shows a toast and goes to
 * /login); an unconfigured shop sends /login?reason=google-not-configured.
 */
import { ACCOUNT, endpoints, type GoogleReason } from '@otaku/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isHttps, setRefreshCookie } from './cookies';
import { createGoogleClient } from './google';
import { accountForGoogle, GoogleSignInRefused } from './google.service';
import { logOut, noStore, refreshFromCookie } from './session-reply';
import { startSession } from './sessions';
import { addRoute } from '../../lib/api-route';
import { signPayload, verifyPayload } from '../../lib/tokens';

const STATE_COOKIE = 'otaku_oidc';
const STATE_TYPE = 'google-state';
const STATE_TTL_SECONDS = 10 * 60;
const checksSchema = z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string() });

export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const google = config.google
    ? createGoogleClient(config.google, `${config.publicUrl}/api/googleAuth/callback`)
    : null;
  // Lax, not Strict: the cookie must come back on the top-level redirect from the provider.
  const stateCookie = (reply: FastifyReply) =>
    ({
      path: '/api/googleAuth',
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps(config, reply),
    }) as const;
  const tags = ['googleAuth'];
  const open = { config: { access: 'public' }, schema: { tags } } as const;
  const fail = (reply: FastifyReply, reason: GoogleReason) =>
    reply.redirect(`/auth/google/success?error=${reason}`);

  addRoute(app, endpoints.auth.googleConfig, open, async () => ({
    success: true as const,
    enabled: google !== null,
  }));

  app.get('/googleAuth/login', open, async (request, reply) => {
    if (!google) return reply.redirect('/login?reason=google-not-configured');
    try {
      const { url, checks } = await google.start();
      const value = await signPayload(
        config.jwtSecret,
        STATE_TYPE,
        { ...checks },
        STATE_TTL_SECONDS,
      );
      reply.setCookie(STATE_COOKIE, value, { ...stateCookie(reply), maxAge: STATE_TTL_SECONDS });
      return reply.redirect(url.href);
    } catch (error) {
      request.log.error({ err: error }, 'Google sign-in could not start');
      return fail(reply, 'failed');
    }
  });

  app.get('/googleAuth/callback', open, async (request, reply) => {
    reply.clearCookie(STATE_COOKIE, stateCookie(reply));
    const raw = request.cookies[STATE_COOKIE];
    const checks = checksSchema.safeParse(
      raw ? await verifyPayload(config.jwtSecret, STATE_TYPE, raw) : null,
    );
    if (!google || !checks.success) return fail(reply, 'failed');
    try {
      const callbackUrl = new URL(request.url, config.publicUrl);
      const profile = await google.finish(callbackUrl, checks.data);
      const user = await accountForGoogle(app.database.db, profile);
      const session = await startSession(app.database.db, config.jwtSecret, user.id);
      noStore(reply);
      setRefreshCookie(reply, config, session.refreshToken);
      return reply.redirect('/auth/google/success');
    } catch (error) {
      if (error instanceof GoogleSignInRefused) return fail(reply, error.reason);
      request.log.warn({ err: error }, 'Google sign-in failed');
      return fail(reply, 'failed');
    }
  });

  // The one JSON call here; the others are the redirects of a browser's full-page sign-in.
  addRoute(app, endpoints.auth.googleSuccess, open, async (request, reply) =>
    refreshFromCookie(app, request, reply, ACCOUNT.googleSignedIn),
  );

  // A form the web app submits (a POST navigation), so the browser follows the redirect. Its
  // body is empty and urlencoded, which no other route takes: it is accepted here, unread.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  app.post('/googleAuth/logout', open, async (request, reply) => {
    await logOut(app, request, reply);
    return reply.redirect('/login', 303);
  });
};
