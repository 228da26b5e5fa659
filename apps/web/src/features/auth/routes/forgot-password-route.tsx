import { PAGE_TITLES, STORAGE_KEYS } from '@otaku/shared';
import { paths } from '../../../lib/paths';
import { storage } from '../../../lib/storage';
import { resetCodeCalls } from '../api/auth-calls';
import { useEnterSignedIn } from '../api/use-enter-signed-in';
import { AuthFooterLine, AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { CodeStep } from '../components/code-step';
import { EmailStep } from '../components/email-step';
import { NewPasswordStep } from '../components/new-password-step';
import { StepProgress } from '../components/step-progress';
import { useCodeSteps } from '../components/use-code-steps';
import { usePageTitle } from '../../../lib/use-page-title';

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
  usePageTitle(PAGE_TITLES.forgotPassword);
  const { step, email, verificationToken, startOver, emailStep, codeStep } = useCodeSteps(
    'password',
    storage.get(STORAGE_KEYS.rememberedEmail) ?? '',
  );
  const enter = useEnterSignedIn();

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
          {...emailStep}
          calls={resetCodeCalls}
          hint="If an account uses this address, we will send it a 6-digit code."
        />
      ) : null}
      {step === 'code' ? (
        <CodeStep
          {...codeStep}
          calls={resetCodeCalls}
          sentNote={(address) => <>If an account uses {address}, we sent it a code.</>}
        />
      ) : null}
      {step === 'password' ? (
        <NewPasswordStep
          email={email}
          verificationToken={verificationToken}
          onReset={(body) => enter(body)}
          onStartOver={startOver}
        />
      ) : null}
    </AuthLayout>
  );
}
