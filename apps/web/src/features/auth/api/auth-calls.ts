/**
 * The auth calls of spec §7, one fetcher each. Their 401s mean "wrong credentials" or "no
 * session", never "send me to /login", so none of them go through the client's 401 handling.
 */
import {
  routes,
  type LoginRequest,
  type RecruiterRequest,
  type ResetPasswordRequest,
  type SendOtpRequest,
  type SendOtpResponse,
  type SignupCodeRequest,
  type SignupRequest,
  type VerifyOtpRequest,
  type VerifyOtpResponse,
} from '@otaku/shared';
import { call } from '../../../lib/api-client';

const own = { handleUnauthorized: false } as const;
const { auth } = routes;

export const authCalls = {
  sendOtp: (body: SignupCodeRequest) => call(auth.sendOtp, { body, ...own }),
  verifyOtp: (body: VerifyOtpRequest) => call(auth.verifyOtp, { body, ...own }),
  signup: (body: SignupRequest) => call(auth.signup, { body, ...own }),
  forgotPassword: (body: SendOtpRequest) => call(auth.forgotPassword, { body, ...own }),
  verifyResetCode: (body: VerifyOtpRequest) => call(auth.verifyResetCode, { body, ...own }),
  resetPassword: (body: ResetPasswordRequest) => call(auth.resetPassword, { body, ...own }),
  login: (body: LoginRequest) => call(auth.login, { body, ...own }),
  recruiter: (body: RecruiterRequest) => call(auth.recruiter, { body, ...own }),
  /** Who the stored token belongs to (also used after Google sign-in with a token). */
  verify: () => call(auth.verify, own),
  /** Ends this browser's session; the server refuses it unless sent from the shop's page. */
  logout: () => call(auth.logout, own),
  /** Cookie-based sign-in after Google: turns the session cookie into a token and user. */
  googleSuccess: () => call(auth.googleSuccess, own),
};

/**
 * The two calls of an e-mailed code: ask for one, then check it; a right code answers with the
 * verification token the flow's last step needs (decision 131).
 */
export interface CodeCalls {
  send: (body: SendOtpRequest) => Promise<SendOtpResponse>;
  verify: (body: VerifyOtpRequest) => Promise<VerifyOtpResponse>;
}

export const signupCodeCalls: CodeCalls = { send: authCalls.sendOtp, verify: authCalls.verifyOtp };
/** The recruiter page's sign-up code: its mail speaks of that page, and it is refused there when recruiter sign-up is off. */
export const recruiterCodeCalls: CodeCalls = {
  send: ({ email }) => authCalls.sendOtp({ email, page: 'recruiter' }),
  verify: authCalls.verifyOtp,
};
export const resetCodeCalls: CodeCalls = {
  send: authCalls.forgotPassword,
  verify: authCalls.verifyResetCode,
};

/**
 * Where the browser goes for Google sign-in (a link) and Google logout (a form posted there),
 * full-page redirects both.
 */
/** Whether the shop has Google sign-in (GET /api/googleAuth/config). */
export const getGoogleConfig = () => call(routes.auth.googleConfig);

export const googleUrls = {
  login: '/api/googleAuth/login',
  logout: '/api/googleAuth/logout',
} as const;
