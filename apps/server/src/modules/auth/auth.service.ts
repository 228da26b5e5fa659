/**
 * Accounts: sign-up with an e-mailed code, login, recruiter accounts. Each call that ends
 * signed in returns the user and a fresh session; the routes put its refresh token in the
 * cookie. Rules live here; queries in the repos; tokens in sessions.ts.
 */
import { ACCOUNT, type Role } from '@otaku/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, forbidden, unauthenticated } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { enforceRateLimit } from '../../lib/rate-limit';
import type { Mailer } from '../mail/mailer';
import { LIMITS } from './auth-limits';
import * as repo from './auth.repo';
import { clearLoginTries, takeLoginTry } from './login-throttle';
import { startSession, type IssuedSession } from './sessions';
import { checkCode, consumeVerifiedCode, mailNewCode, requireVerifiedCode } from './email-codes';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export interface SignedIn {
  user: repo.UserRow;
  session: IssuedSession;
}

/** Sends a new sign-up code to an address that has no account yet. */
export async function sendSignupCode(deps: AuthDeps, email: string, ip: string): Promise<void> {
  const { db } = deps;
  await enforceRateLimit(db, LIMITS.sendOtpPerIp, ip, ACCOUNT.tooManyCodeRequests);
  await enforceRateLimit(db, LIMITS.sendOtpPerEmail, email, ACCOUNT.tooManyCodeRequests);
  if (await repo.findUserByEmail(db, email)) throw conflict(ACCOUNT.emailTaken);
  await mailNewCode(deps, { email, purpose: 'signup' });
}

export async function verifySignupCode(deps: AuthDeps, email: string, otp: string, ip: string) {
  const { db, config } = deps;
  await enforceRateLimit(db, LIMITS.verifyOtpPerIp, ip, ACCOUNT.tooManyCodeChecks);
  await enforceRateLimit(db, LIMITS.verifyOtpPerEmail, email, ACCOUNT.tooManyCodeChecks);
  await checkCode(db, config.jwtSecret, { email, purpose: 'signup' }, otp);
}

/** Creates the account of a verified address, using up its code, and signs it in. */
export async function signUp(
  deps: AuthDeps,
  input: { email: string; username: string; password: string },
): Promise<SignedIn> {
  const { db, config } = deps;
  const owner = { email: input.email, purpose: 'signup' } as const;
  await requireVerifiedCode(db, owner);
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    await consumeVerifiedCode(tx, owner);
    const created = await repo.insertUser(tx, {
      email: input.email,
      username: input.username,
      passwordHash,
      role: 'user',
      // The code it just used was mailed to this address.
      emailVerifiedAt: new Date(),
    });
    if (!created) throw conflict(ACCOUNT.emailTaken);
    return created;
  });
  return { user, session: await startSession(db, config.jwtSecret, user.id) };
}

let dummyHash: Promise<string> | undefined;

/**
 * Logs in with e-mail and password. An unknown address and a wrong password get the same
 * 401 and take about the same time (a dummy hash is verified), so neither can be told apart.
 * Each address has a budget of tries across accounts, and waits, growing with each wrong
 * password, before trying one account again (decision 130).
 */
export async function logIn(
  deps: AuthDeps,
  input: { email: string; password: string },
  ip: string,
): Promise<SignedIn> {
  const { db, config } = deps;
  await enforceRateLimit(db, LIMITS.loginPerIp, ip, ACCOUNT.tooManyLogins);
  await takeLoginTry(db, input.email, ip);
  const user = await repo.findUserByEmail(db, input.email);
  dummyHash ??= hashPassword('not-a-real-password');
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user?.passwordHash || !valid) throw unauthenticated(ACCOUNT.invalidCredentials);
  await clearLoginTries(db, input.email, ip);
  return { user, session: await startSession(db, config.jwtSecret, user.id) };
}

/** The recruiter page: an admin account at once, no approval (spec §6), unless switched off. */
export async function createRecruiter(
  deps: AuthDeps,
  input: { email: string; username: string; password: string },
  ip: string,
): Promise<SignedIn> {
  const { db, config } = deps;
  if (!config.recruiterSignup) throw forbidden(ACCOUNT.recruiterDisabled);
  await enforceRateLimit(db, LIMITS.recruiterPerIp, ip, ACCOUNT.tooManyRecruiters);
  if (await repo.findUserByEmail(db, input.email)) throw conflict(ACCOUNT.emailTaken);
  const role: Role = 'admin';
  const user = await repo.insertUser(db, {
    email: input.email,
    username: input.username,
    passwordHash: await hashPassword(input.password),
    role,
  });
  if (!user) throw conflict(ACCOUNT.emailTaken);
  return { user, session: await startSession(db, config.jwtSecret, user.id) };
}
