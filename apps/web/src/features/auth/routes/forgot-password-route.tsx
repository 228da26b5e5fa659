import { STORAGE_KEYS, type SessionResponse } from '@otaku/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { storage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { resetCodeCalls } from '../api/auth-calls';
import { storeSignedIn } from '../api/store-session';
import { AuthFooterLine, AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { CodeStep } from '../components/code-step';
import { EmailStep } from '../components/email-step';
import { NewPasswordStep } from '../components/new-password-step';
import { StepProgress } from '../components/step-progress';
import { useCountdown } from '../components/use-countdown';

const steps = [
  { id: 'email', label: 'Email' },
  { id: 'code', label: 'Code' },
  { id: 'password', label: 'New password' },
] as const;
type ResetStep = (typeof steps)[number]['id'];

const subtitles: Record<ResetStep, string> = {
  email: 'Enter the email of your account. We will send you a one-time code.',
  code: 'Enter the 6-digit code from the email.',
  password: 'Last step: choose a new password. It logs you out everywhere else.',
};

/**
 * /forgot-password (linked from /login, spec §2; decision 108): the account's email, then the
 * one-time code mailed to it, then a new password, which signs the user in.
 */
export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const [step, setStep] = useState<ResetStep>('email');
  const [email, setEmail] = useState(() => storage.get(STORAGE_KEYS.rememberedEmail) ?? '');
  const countdown = useCountdown();

  const passwordReset = (body: SessionResponse) => {
    storeSignedIn(body);
    if (body.message) toast.success(body.message);
    void navigate(paths.home, { replace: true });
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle={subtitles[step]}
      footer={
        <AuthFooterLine>
          Remembered it? <AuthLink to={paths.login}>Log in</AuthLink>
        </AuthFooterLine>
      }
    >
      <StepProgress label="Password reset steps" steps={steps} step={step} />
      {step === 'email' ? (
        <EmailStep
          calls={resetCodeCalls}
          defaultEmail={email}
          hint="If an account uses this address, we will send it a 6-digit code."
          onSent={(address, seconds) => {
            setEmail(address);
            countdown.start(seconds);
            setStep('code');
          }}
        />
      ) : null}
      {step === 'code' ? (
        <CodeStep
          calls={resetCodeCalls}
          email={email}
          sentNote={(address) => <>If an account uses {address}, we sent it a code.</>}
          resendIn={countdown.remaining}
          onResent={countdown.start}
          onVerified={() => setStep('password')}
          onChangeEmail={() => setStep('email')}
        />
      ) : null}
      {step === 'password' ? <NewPasswordStep email={email} onReset={passwordReset} /> : null}
    </AuthLayout>
  );
}
