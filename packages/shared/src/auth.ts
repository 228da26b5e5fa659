/**
 * Requests and responses of the auth calls (spec §7). The web forms validate with these same
 * schemas; the server layers its own checks (accounts, codes, throttling) on top.
 */
import { z } from './zod';
import {
  EMAIL_CODE,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants';
import { ACCOUNT, INPUT_RULES, RECRUITER, VALIDATION } from './messages';
import { ROLES } from './roles';
import { hasControlCharacters, requiredString } from './text-rules';

/** A string that must be present: a missing field and an empty one read the same message. */
const required = (message: string, wrongType?: string) =>
  requiredString(message, wrongType).trim().min(1, message);

/**
 * Trimmed, lower-cased e-mail address of at most 254 characters; addresses are stored
 * lower-case. `missing` and `invalid` are the messages of the form it is typed into.
 */
export const emailField = (missing: string, invalid: string) =>
  required(missing, invalid).max(EMAIL_MAX_LENGTH, invalid).toLowerCase().pipe(z.email(invalid));

export const emailSchema = emailField(VALIDATION.emailRequired, RECRUITER.invalidEmail);

/** A username as shown to staff and in orders: one line of 3 to 20 characters. */
export const usernameField = (missing: string, tooShort: string, tooLong: string) =>
  required(missing)
    .min(USERNAME_MIN_LENGTH, tooShort)
    .max(USERNAME_MAX_LENGTH, tooLong)
    .refine((name) => !hasControlCharacters(name), INPUT_RULES.controlCharacters('Username'));

const usernameSchema = usernameField(
  VALIDATION.usernameRequired,
  RECRUITER.usernameTooShort,
  RECRUITER.usernameTooLong,
);

/**
 * A password as typed: present, and no longer than hashing it should take. Login takes any
 * such password and compares it, so an account whose password was set before a rule below
 * existed can still sign in.
 */
const passwordSchema = requiredString(VALIDATION.passwordRequired)
  .min(1, VALIDATION.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, INPUT_RULES.passwordTooLong);

/**
 * A new password (sign-up, reset, recruiter, the dashboard's edit), with the form's own
 * wording of the minimum. No control characters: a password holding one could not be typed
 * again on another keyboard or in another browser.
 */
export const newPasswordField = (tooShort: string) =>
  passwordSchema
    .min(PASSWORD_MIN_LENGTH, tooShort)
    .refine(
      (password) => !hasControlCharacters(password),
      INPUT_RULES.controlCharacters('Password'),
    );

/**
 * The 6 digits of an e-mailed code, with spaces around them ignored. Full-width digits, which
 * a Japanese input method types while it is on, are read as the digits they show (NFKC).
 */
const CODE_PATTERN = new RegExp(`^\\d{${EMAIL_CODE.length}}$`);
export const codeField = (missing: string) =>
  required(missing).normalize('NFKC').regex(CODE_PATTERN, INPUT_RULES.codeDigits);
const codeSchema = codeField(VALIDATION.otpRequired);

/**
 * The token a verified code answers with (decision 131): the last step of sign-up, of a reset
 * and of the recruiter page carries it, as proof that its caller read the address's mail.
 * `missing` is that flow's "verify your email first".
 */
const verificationTokenField = (missing: string) =>
  requiredString(missing)
    .min(1, missing)
    .max(EMAIL_CODE.verificationTokenMaxLength, ACCOUNT.verificationExpired);

export const sendOtpRequestSchema = z.object({ email: emailSchema });
export type SendOtpRequest = z.input<typeof sendOtpRequestSchema>;

/** The pages a sign-up code is asked for on: the sign-up page, or the recruiter page (staff). */
export const SIGNUP_CODE_PAGES = ['signup', 'recruiter'] as const;
export type SignupCodePage = (typeof SIGNUP_CODE_PAGES)[number];

/** POST /auth/send-otp: the address, and the page the code will be entered on (sign-up if none). */
export const signupCodeRequestSchema = sendOtpRequestSchema.extend({
  page: z.enum(SIGNUP_CODE_PAGES).optional(),
});
export type SignupCodeRequest = z.input<typeof signupCodeRequestSchema>;

export const verifyOtpRequestSchema = z.object({
  email: emailSchema,
  otp: codeSchema,
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;

export const signupRequestSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: newPasswordField(VALIDATION.passwordTooShort),
  verificationToken: verificationTokenField(ACCOUNT.emailNotVerified),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

const confirmPasswordSchema = requiredString(RECRUITER.confirmRequired)
  .min(1, RECRUITER.confirmRequired)
  .max(PASSWORD_MAX_LENGTH, INPUT_RULES.passwordTooLong);

/** The password typed twice must match; the mismatch is reported on the second field. */
const samePasswordTwice = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;
const passwordsDiffer = { message: RECRUITER.passwordsDiffer, path: ['confirmPassword'] };

const recruiterFields = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordField(RECRUITER.passwordTooShort),
  confirmPassword: confirmPasswordSchema,
});

/** The recruiter page's form (spec §5). */
export const recruiterFormSchema = recruiterFields.refine(samePasswordTwice, passwordsDiffer);
export type RecruiterForm = z.input<typeof recruiterFormSchema>;

/** The form, once its address is verified with a sign-up code (decisions 131 and 132). */
export const recruiterRequestSchema = recruiterFields
  .extend({ verificationToken: verificationTokenField(ACCOUNT.emailNotVerified) })
  .refine(samePasswordTwice, passwordsDiffer);
export type RecruiterRequest = z.input<typeof recruiterRequestSchema>;

/**
 * The last step of a password reset, with the token of the address's verified code (decisions
 * 108 and 131).
 */
export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordField(VALIDATION.passwordTooShort),
  verificationToken: verificationTokenField(ACCOUNT.resetNotVerified),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/**
 * The reset page's new-password form: the request's password, typed twice (the match is the
 * page's typo check; the server gets one password); the page adds the address.
 */
export const newPasswordFormSchema = resetPasswordRequestSchema
  .pick({ password: true })
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine(samePasswordTwice, passwordsDiffer);
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

/** A user as every auth call returns it. Never carries a password hash. */
export const publicUserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  profilePic: z.string().nullable(),
  googleId: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A verified code (sign-up or reset): the single-use token its last step needs. */
export const verifyOtpResponseSchema = messageResponseSchema.extend({
  verificationToken: z.string(),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

export const sendOtpResponseSchema = messageResponseSchema.extend({
  /** Seconds until the server accepts another code request for this address. */
  resendAfterSeconds: z.number().int(),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

/** Sign-up, login, recruiter, refresh and Google completion all answer a session. */
export const sessionResponseSchema = z.object({
  success: z.literal(true),
  user: publicUserSchema,
  token: z.string(),
  message: z.string().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const verifyResponseSchema = z.object({ success: z.literal(true), user: publicUserSchema });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** Why the Google routes sent the browser back to /login or the completion page. */
export const GOOGLE_REASONS = [
  'not-configured',
  'failed',
  'email-unverified',
  'account-unverified',
] as const;
export type GoogleReason = (typeof GOOGLE_REASONS)[number];

/** GET /api/googleAuth/config: whether Google sign-in is configured on this shop. */
export const googleConfigResponseSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
});
export type GoogleConfigResponse = z.infer<typeof googleConfigResponseSchema>;
