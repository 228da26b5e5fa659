/**
 * Accounts: sign-up with an e-mailed code, login, recruiter accounts. Each call that ends
 * signed in returns the user and a fresh session; the routes put its refresh token in the
 * cookie. Rules live here; queries in the repos; tokens in sessions.ts.
 */
import { ACCOUNT, type Role, type SignupCodePage } from '@otaku/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, forbidden, unauthenticated } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { enforceRateLimit } from '../../lib/rate-limit';
import { accountExistsMail } from '../mail/code-mail';
import type { Mailer } from '../mail/mailer';
import { LIMITS } from './auth-limits';
import * as repo from './auth.repo';
import { clearLoginTries, takeLoginTry } from './login-throttle';
import { startSession, type IssuedSession } from './sessions';
import { checkCode, mailNewCode, type CodeOwner } from './email-codes';
import { checkVerificationToken, useVerificationToken } from './verification-tokens';

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

const signupOf = (email: string): CodeOwner => ({ email, purpose: 'signup' });

/** A new account's fields, with the token of its address's verified sign-up code. */
interface NewAccount {
  email: string;
  username: string;
  password: string;
  verificationToken: string;
}

/**
 * Mails a sign-up code to an address without an account, worded for the page it is entered on.
 * An address that has one is mailed a note instead ("sign in or reset your password"), and a
 * code that never passes is stored, so the answer, its wait and its timing do not tell the two
 * apart (decision 132). With recruiter sign-up off, the recruiter page's request is refused
 * first, as its last step would be, before anything about the address is read.
 */
export async function sendSignupCode(
  deps: AuthDeps,
  email: string,
  ip: string,
  page: SignupCodePage,
): Promise<void> {
  const { db, config } = deps;
  if (page === 'recruiter' && !config.recruiterSignup) throw forbidden(ACCOUNT.recruiterDisabled);
  await enforceRateLimit(db, LIMITS.sendOtpPerIp, ip, ACCOUNT.tooManyCodeRequests);
  await enforceRateLimit(db, LIMITS.sendOtpPerEmail, email, ACCOUNT.tooManyCodeRequests);
  const taken = await repo.findUserByEmail(db, email);
  await mailNewCode(deps, signupOf(email), {
    kind: page,
    instead: taken ? accountExistsMail(email, config.publicUrl) : undefined,
  });
}

/** Checks a sign-up code; a right one answers with the token the last step needs. */
export async function verifySignupCode(
  deps: AuthDeps,
  email: string,
  otp: string,
  ip: string,
): Promise<string> {
  const { db, config } = deps;
  await enforceRateLimit(db, LIMITS.verifyOtpPerIp, ip, ACCOUNT.tooManyCodeChecks);
  await enforceRateLimit(db, LIMITS.verifyOtpPerEmail, email, ACCOUNT.tooManyCodeChecks);
  return checkCode(db, config.jwtSecret, signupOf(email), otp);
}

/**
 * Creates an account for an address proved by its verification token: the token is checked
 * before the password is hashed, and used up in the transaction that inserts the user.
 */
async function createAccount(deps: AuthDeps, input: NewAccount, ip: string, role: Role) {
  const { db, config } = deps;
  const owner = signupOf(input.email);
  const limits = { perIp: LIMITS.signupPerIp, perEmail: LIMITS.signupPerEmail };
  await checkVerificationToken(db, config.jwtSecret, owner, input.verificationToken, ip, limits);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await useVerificationToken(tx, config.jwtSecret, owner, input.verificationToken);
    // Only an address without an account is mailed a code, so this means one was made since.
    const created = await repo.insertUser(tx, {
      email: input.email,
      username: input.username,
      passwordHash,
      role,
      // The verification token it just used came from a code mailed to this address.
      emailVerifiedAt: new Date(),
    });
    if (!created) throw conflict(ACCOUNT.emailTaken);
    return created;
  });
}

/** Creates the account of a verified address, using up its token, and signs it in. */
export async function signUp(deps: AuthDeps, input: NewAccount, ip: string): Promise<SignedIn> {
  const user = await createAccount(deps, input, ip, 'user');
  return { user, session: await startSession(deps.db, deps.config.jwtSecret, user.id) };
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

/**
 * The recruiter page: an admin account at once, no approval (spec §6), unless switched off. Its
 * address is proved with a sign-up code like any account's (decisions 131 and 132).
 */
export async function createRecruiter(
  deps: AuthDeps,
  input: NewAccount,
  ip: string,
): Promise<SignedIn> {
  const { db, config } = deps;
  if (!config.recruiterSignup) throw forbidden(ACCOUNT.recruiterDisabled);
  await enforceRateLimit(db, LIMITS.recruiterPerIp, ip, ACCOUNT.tooManyRecruiters);
  const role: Role = 'admin';
  const user = await createAccount(deps, input, ip, role);
  return { user, session: await startSession(db, config.jwtSecret, user.id) };
}
