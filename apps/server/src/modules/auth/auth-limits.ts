/**
 * Throttling of the auth calls (DESIGN.md §4), per account and per IP. Windows are fixed and
 * counted in the database, so they hold across app instances. See docs/decisions/032.
 */
import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60;

export const LIMITS = {
  /**
   * Every login attempt from an address counts, whichever account it is for. Wrong passwords
   * per account and address have growing waits of their own (login-throttle.ts); there is no
   * account-wide limit, which anyone could use to lock the owner out (decision 130).
   */
  loginPerIp: { name: 'login:ip', limit: 50, windowSeconds: 15 * MINUTE },
  /** On top of the 30 s resend cooldown. */
  sendOtpPerEmail: { name: 'send-otp:email', limit: 6, windowSeconds: 60 * MINUTE },
  sendOtpPerIp: { name: 'send-otp:ip', limit: 20, windowSeconds: 60 * MINUTE },
  /** On top of the 5 wrong tries that void a code. */
  verifyOtpPerEmail: { name: 'verify-otp:email', limit: 15, windowSeconds: 15 * MINUTE },
  verifyOtpPerIp: { name: 'verify-otp:ip', limit: 30, windowSeconds: 15 * MINUTE },
  /** Password reset: the same budgets as sign-up codes, counted apart. */
  resetCodePerEmail: { name: 'reset-code:email', limit: 6, windowSeconds: 60 * MINUTE },
  resetCodePerIp: { name: 'reset-code:ip', limit: 20, windowSeconds: 60 * MINUTE },
  verifyResetPerEmail: { name: 'verify-reset:email', limit: 15, windowSeconds: 15 * MINUTE },
  verifyResetPerIp: { name: 'verify-reset:ip', limit: 30, windowSeconds: 15 * MINUTE },
  recruiterPerIp: { name: 'recruiter:ip', limit: 5, windowSeconds: 60 * MINUTE },
  /**
   * The last steps, which need a verification token (decision 131): every call counts per IP;
   * per address only those without a good token, so strangers cannot hold up the owner.
   * Sign-up's counters count the recruiter page's last step too.
   */
  signupPerEmail: { name: 'signup:email', limit: 10, windowSeconds: 15 * MINUTE },
  signupPerIp: { name: 'signup:ip', limit: 30, windowSeconds: 15 * MINUTE },
  resetPasswordPerEmail: { name: 'reset-password:email', limit: 10, windowSeconds: 15 * MINUTE },
  resetPasswordPerIp: { name: 'reset-password:ip', limit: 30, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
