import { PAGES, type SessionResponse } from '@otaku/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { paths } from '../../../lib/paths';
import { signupCodeCalls } from '../api/auth-calls';
import { storeSignedIn } from '../api/store-session';
import { AuthFooterLine, AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { GoogleButton, OrDivider } from '../components/google-button';
import { CodeStep } from '../components/code-step';
import { EmailStep } from '../components/email-step';
import { SignupDetailsStep } from '../components/signup-details-step';
import { StepProgress } from '../components/step-progress';
import { useCountdown } from '../components/use-countdown';

const steps = [
  { id: 'email', label: 'Email' },
  { id: 'code', label: 'Code' },
  { id: 'details', label: 'Account' },
] as const;
type SignupStep = (typeof steps)[number]['id'];

const subtitles: Record<SignupStep, string> = {
  email: 'Start with your email address. We will send you a one-time code.',
  code: 'Enter the 6-digit code from the email.',
  details: 'Last step: choose a username and a password.',
};

/** /signup (spec §2, §4): email, then the one-time code, then username and password. */
export function SignupRoute() {
  const navigate = useNavigate();
  const [step, setStep] = useState<SignupStep>('email');
  const [email, setEmail] = useState('');
  const countdown = useCountdown();

  const signedUp = (body: SessionResponse) => {
    storeSignedIn(body);
    if (body.message) toast.success(body.message);
    void navigate(paths.home, { replace: true });
  };

  return (
    <AuthLayout
      title="Create your account"
      subtitle={subtitles[step]}
      footer={
        <>
          <AuthFooterLine>
            Already have an account? <AuthLink to={paths.login}>Log in</AuthLink>
          </AuthFooterLine>
          <AuthFooterLine>
            Hiring? <AuthLink to={paths.recruiter}>{PAGES.createRecruiterAccount}</AuthLink>
          </AuthFooterLine>
        </>
      }
    >
      <StepProgress label="Sign-up steps" steps={steps} step={step} />
      {step === 'email' ? (
        <>
          <GoogleButton label="Sign up with Google" />
          <OrDivider />
          <EmailStep
            calls={signupCodeCalls}
            defaultEmail={email}
            hint="We will send a 6-digit code to this address."
            onSent={(address, seconds) => {
              setEmail(address);
              countdown.start(seconds);
              setStep('code');
            }}
          />
        </>
      ) : null}
      {step === 'code' ? (
        <CodeStep
          calls={signupCodeCalls}
          email={email}
          sentNote={(address) => <>We sent a code to {address}.</>}
          resendIn={countdown.remaining}
          onResent={countdown.start}
          onVerified={() => setStep('details')}
          onChangeEmail={() => setStep('email')}
        />
      ) : null}
      {step === 'details' ? <SignupDetailsStep email={email} onSignedUp={signedUp} /> : null}
    </AuthLayout>
  );
}
