import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCountdown } from '../../../lib/use-countdown';

/** Whether the last step was refused for its verification token (expired, used, replaced). */
export const tokenRefused = (error: unknown): boolean =>
  error instanceof ApiError && error.field === 'verificationToken';

/**
 * The state of a form whose first steps are an address and the code mailed to it (sign-up, a
 * password reset): the step shown, the address, the resend countdown, and the props the email
 * and code steps take. A verified code moves on to `last` with its verification token, which
 * the last step sends (decision 131); it is kept in memory only.
 */
export function useCodeSteps<Last extends string>(last: Last, initialEmail = '') {
  const [step, setStep] = useState<'email' | 'code' | Last>('email');
  const [email, setEmail] = useState(initialEmail);
  const [verificationToken, setVerificationToken] = useState('');
  const countdown = useCountdown();
  return {
    step,
    email,
    verificationToken,
    /** Back to the email step, to ask for a new code once the token is refused. */
    startOver: () => setStep('email'),
    emailStep: {
      defaultEmail: email,
      onSent: (address: string, resendAfterSeconds: number) => {
        setEmail(address);
        countdown.start(resendAfterSeconds);
        setStep('code');
      },
    },
    codeStep: {
      email,
      resendIn: countdown.remaining,
      onResent: countdown.start,
      onVerified: (token: string) => {
        setVerificationToken(token);
        setStep(last);
      },
      onChangeEmail: () => setStep('email'),
    },
  };
}
