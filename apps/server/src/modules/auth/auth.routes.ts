/** The auth calls of spec §7 under /api/auth. Handlers validate and delegate. */
import {
  ACCOUNT,
  loginRequestSchema,
  messageResponseSchema,
  recruiterRequestSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  sendOtpResponseSchema,
  sessionResponseSchema,
  EMAIL_CODE,
  signupCodeRequestSchema,
  signupRequestSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
  verifyResponseSchema,
} from '@otaku/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import * as auth from './auth.service';
import * as reset from './password-reset.service';
import { toPublicUser } from './public-user';
import { logOut, refreshFromCookie, sessionReply } from './session-reply';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): auth.AuthDeps => ({
    db: app.database.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
  });
  const tags = ['auth'];

  const signedIn = (reply: FastifyReply, result: auth.SignedIn, message: string) =>
    sessionReply(app, reply, result, message);

  app.post(
    '/auth/send-otp',
    {
      config: { access: 'public' },
      schema: { tags, body: signupCodeRequestSchema, response: { 200: sendOtpResponseSchema } },
    },
    async (request) => {
      const { email, page = 'signup' } = request.body;
      await auth.sendSignupCode(deps(), email, request.ip, page);
      return {
        success: true as const,
        message: ACCOUNT.codeSent,
        resendAfterSeconds: EMAIL_CODE.resendCooldownSeconds,
      };
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      config: { access: 'public' },
      schema: { tags, body: verifyOtpRequestSchema, response: { 200: verifyOtpResponseSchema } },
    },
    async (request, reply) => {
      const { email, otp } = request.body;
      const verificationToken = await auth.verifySignupCode(deps(), email, otp, request.ip);
      void reply.header('cache-control', 'no-store');
      return { success: true as const, message: ACCOUNT.codeVerified, verificationToken };
    },
  );

  app.post(
    '/auth/signup',
    {
      config: { access: 'public' },
      schema: { tags, body: signupRequestSchema, response: { 201: sessionResponseSchema } },
    },
    async (request, reply) => {
      const result = await auth.signUp(deps(), request.body, request.ip);
      return reply.status(201).send(signedIn(reply, result, ACCOUNT.signedUp));
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: { tags, body: loginRequestSchema, response: { 200: sessionResponseSchema } },
    },
    async (request, reply) =>
      signedIn(reply, await auth.logIn(deps(), request.body, request.ip), ACCOUNT.loggedIn),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: { tags, body: sendOtpRequestSchema, response: { 200: sendOtpResponseSchema } },
    },
    async (request) => {
      await reset.sendResetCode(deps(), request.body.email, request.ip);
      return {
        success: true as const,
        message: ACCOUNT.resetCodeSent,
        resendAfterSeconds: EMAIL_CODE.resendCooldownSeconds,
      };
    },
  );

  app.post(
    '/auth/verify-reset-code',
    {
      config: { access: 'public' },
      schema: { tags, body: verifyOtpRequestSchema, response: { 200: verifyOtpResponseSchema } },
    },
    async (request, reply) => {
      const { email, otp } = request.body;
      const verificationToken = await reset.verifyResetCode(deps(), email, otp, request.ip);
      void reply.header('cache-control', 'no-store');
      return { success: true as const, message: ACCOUNT.resetCodeVerified, verificationToken };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: { tags, body: resetPasswordRequestSchema, response: { 200: sessionResponseSchema } },
    },
    async (request, reply) =>
      signedIn(
        reply,
        await reset.resetPassword(deps(), request.body, request.ip),
        ACCOUNT.passwordReset,
      ),
  );

  app.post(
    '/auth/recruiterBypass',
    {
      config: { access: 'public' },
      schema: { tags, body: recruiterRequestSchema, response: { 201: sessionResponseSchema } },
    },
    async (request, reply) => {
      const result = await auth.createRecruiter(deps(), request.body, request.ip);
      return reply.status(201).send(signedIn(reply, result, ACCOUNT.recruiterCreated));
    },
  );

  app.post(
    '/auth/refresh',
    { config: { access: 'public' }, schema: { tags, response: { 200: sessionResponseSchema } } },
    async (request, reply) => refreshFromCookie(app, request, reply),
  );

  app.get(
    '/auth/verify',
    {
      config: { access: 'user' },
      schema: { tags, security: [{ bearerAuth: [] }], response: { 200: verifyResponseSchema } },
    },
    async (request) => ({ success: true as const, user: toPublicUser(toFields(request)) }),
  );

  app.post(
    '/auth/logout',
    { config: { access: 'public' }, schema: { tags, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await logOut(app, request, reply);
      return { success: true as const, message: ACCOUNT.loggedOut };
    },
  );
};

function toFields(request: Parameters<typeof currentUser>[0]) {
  const user = currentUser(request);
  return { ...user, googleSubject: user.googleId };
}
