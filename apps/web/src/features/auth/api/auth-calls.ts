/**
 * The auth calls of spec §7, one fetcher each. Their 401s mean "wrong credentials" or "no
 * session", never "send me to /login", so none of them go through the client's 401 handling.
 */
import type {
  LoginRequest,
  MessageResponse,
  RecruiterRequest,
  ResetPasswordRequest,
  SendOtpRequest,
  SendOtpResponse,
  SessionResponse,
  SignupCodeRequest,
  SignupRequest,
  VerifyOtpRequest,
  VerifyOtpResponse,
  VerifyResponse,
} from '@otaku/shared';
import { api } from '../../../lib/api-client';

const own = { handleUnauthorized: false } as const;

export const authCalls = {
  sendOtp: (body: SignupCodeRequest) => api.post<SendOtpResponse>('/auth/send-otp', body, own),
  verifyOtp: (body: VerifyOtpRequest) => api.post<VerifyOtpResponse>('/auth/verify-otp', body, own),
  signup: (body: SignupRequest) => api.post<SessionResponse>('/auth/signup', body, own),
  forgotPassword: (body: SendOtpRequest) =>
    api.post<SendOtpResponse>('/auth/forgot-password', body, own),
  verifyResetCode: (body: VerifyOtpRequest) =>
    api.post<VerifyOtpResponse>('/auth/verify-reset-code', body, own),
  resetPassword: (body: ResetPasswordRequest) =>
    api.post<SessionResponse>('/auth/reset-password', body, own),
  login: (body: LoginRequest) => api.post<SessionResponse>('/auth/login', body, own),
  recruiter: (body: RecruiterRequest) =>
    api.post<SessionResponse>('/auth/recruiterBypass', body, own),
  /** Who the stored token belongs to (also used after Google sign-in with a token). */
  verify: () => api.get<VerifyResponse>('/auth/verify', own),
  /** Ends this browser's session; the server refuses it unless sent from the shop's page. */
  logout: () => api.post<MessageResponse>('/auth/logout', undefined, own),
  /** Cookie-based sign-in after Google: turns the session cookie into a token and user. */
  googleSuccess: () => api.get<SessionResponse>('/googleAuth/success', own),
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
export const googleUrls = {
  login: '/api/googleAuth/login',
  logout: '/api/googleAuth/logout',
} as const;
