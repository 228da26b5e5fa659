/** The auth calls of spec §7 under /api/auth. Handlers validate and delegate. */
import { ACCOUNT, endpoints } from '@otaku/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/auth';
import * as auth from './auth.service';
import { codeSent } from './email-codes';
import * as reset from './password-reset.service';
import { toPublicUser } from './public-user';
import { logOut, noStore, refreshFromCookie, sessionReply } from './session-reply';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): auth.AuthDeps => ({
    db: app.database.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
  });
  const { auth: calls } = endpoints;
  const open = { config: { access: 'public' }, schema: { tags: ['auth'] } } as const;

  const signedIn = (reply: FastifyReply, result: auth.SignedIn, message: string) =>
    sessionReply(app, reply, result, message);
  // A verification token is a credential for the last step: never kept by a cache.
  const codeVerified = (reply: FastifyReply, message: string, verificationToken: string) => {
    noStore(reply);
    return { success: true as const, message, verificationToken };
  };

  addRoute(app, calls.sendOtp, open, async (request) => {
    const { email, page = 'signup' } = request.body;
    await auth.sendSignupCode(deps(), email, request.ip, page);
    return codeSent(ACCOUNT.codeSent);
  });

  addRoute(app, calls.verifyOtp, open, async (request, reply) => {
    const { email, otp } = request.body;
    return codeVerified(
      reply,
      ACCOUNT.codeVerified,
      await auth.verifySignupCode(deps(), email, otp, request.ip),
    );
  });

  addRoute(app, calls.signup, open, async (request, reply) => {
    const result = await auth.signUp(deps(), request.body, request.ip);
    return reply.status(201).send(signedIn(reply, result, ACCOUNT.signedUp));
  });

  addRoute(app, calls.login, open, async (request, reply) =>
    signedIn(reply, await auth.logIn(deps(), request.body, request.ip), ACCOUNT.loggedIn),
  );

  addRoute(app, calls.forgotPassword, open, async (request) => {
    await reset.sendResetCode(deps(), request.body.email, request.ip);
    return codeSent(ACCOUNT.resetCodeSent);
  });

  addRoute(app, calls.verifyResetCode, open, async (request, reply) => {
    const { email, otp } = request.body;
    return codeVerified(
      reply,
      ACCOUNT.resetCodeVerified,
      await reset.verifyResetCode(deps(), email, otp, request.ip),
    );
  });

  addRoute(app, calls.resetPassword, open, async (request, reply) =>
    signedIn(
      reply,
      await reset.resetPassword(deps(), request.body, request.ip),
      ACCOUNT.passwordReset,
    ),
  );

  addRoute(app, calls.recruiter, open, async (request, reply) => {
    const result = await auth.createRecruiter(deps(), request.body, request.ip);
    return reply.status(201).send(signedIn(reply, result, ACCOUNT.recruiterCreated));
  });

  addRoute(app, calls.refresh, open, async (request, reply) =>
    refreshFromCookie(app, request, reply),
  );

  addRoute(
    app,
    calls.verify,
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], security: [{ bearerAuth: [] }] },
    },
    async (request) => ({
      success: true as const,
      user: toPublicUser(toFields(request), app.imageUrl),
    }),
  );

  addRoute(app, calls.logout, open, async (request, reply) => {
    await logOut(app, request, reply);
    return { success: true as const, message: ACCOUNT.loggedOut };
  });
}

function toFields(request: Parameters<typeof currentUser>[0]) {
  const user = currentUser(request);
  return { ...user, googleSubject: user.googleId };
}
