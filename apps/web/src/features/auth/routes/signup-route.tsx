import { PAGE_TITLES, PAGES } from '@otaku/shared';
import { paths } from '../../../lib/paths';
import { signupCodeCalls } from '../api/auth-calls';
import { useEnterSignedIn } from '../api/use-enter-signed-in';
import { AuthFooterLine, AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { GoogleButton, OrDivider } from '../components/google-button';
import { CodeStep } from '../components/code-step';
import { EmailStep } from '../components/email-step';
import { SignupDetailsStep } from '../components/signup-details-step';
import { StepProgress } from '../components/step-progress';
import { useCodeSteps } from '../components/use-code-steps';
import { usePageTitle } from '../../../lib/use-page-title';

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
  usePageTitle(PAGE_TITLES.signup);
  const { step, email, verificationToken, startOver, emailStep, codeStep } =
    useCodeSteps('details');
  const enter = useEnterSignedIn();

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
            {...emailStep}
            calls={signupCodeCalls}
            hint="We will send a 6-digit code to this address."
          />
        </>
      ) : null}
      {step === 'code' ? (
        <CodeStep
          {...codeStep}
          calls={signupCodeCalls}
          sentNote={(address) => <>We sent a code to {address}.</>}
        />
      ) : null}
      {step === 'details' ? (
        <SignupDetailsStep
          email={email}
          verificationToken={verificationToken}
          onSignedUp={(body) => enter(body)}
          onStartOver={startOver}
        />
      ) : null}
    </AuthLayout>
  );
}
