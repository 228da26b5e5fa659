import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT,
  EMAIL_MAX_LENGTH,
  PAGE_TITLES,
  PAGES,
  RECRUITER,
  recruiterFormSchema,
  TIMINGS,
  type RecruiterForm,
  type RecruiterRequest,
  type SessionResponse,
} from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { authCalls, recruiterCodeCalls } from '../api/auth-calls';
import { storeSignedIn } from '../api/store-session';
import { AuthFooterLine, AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { CodeStep } from '../components/code-step';
import { FormAlert } from '../components/form-alert';
import { TextField } from '../components/text-field';
import { useCountdown } from '../../../lib/use-countdown';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * Spec §8: an error response that still says success and carries a user and token counts as
 * success; otherwise the server's message, else "Failed to create recruiter account" for a
 * refusal and "An error occurred while creating the account!" when the call itself failed.
 */
async function createRecruiter(values: RecruiterRequest): Promise<SessionResponse> {
  try {
    return await authCalls.recruiter(values);
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as Partial<SessionResponse>) : null;
    if (body?.success === true && body.user && body.token) return body as SessionResponse;
    throw error;
  }
}

function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return RECRUITER.error;
  return error.serverMessage ?? RECRUITER.failed;
}

/**
 * /recruiter (spec §2): the form, then the sign-up code mailed to its address (a mail that
 * speaks of this page) (decisions 131 and
 * 132: the address is proved like any account's), then the admin account is created at once and
 * the page goes home after 1.5 s.
 */
export function RecruiterRoute() {
  usePageTitle(PAGE_TITLES.recruiter);
  const navigate = useNavigate();
  const [created, setCreated] = useState(false);
  /** The form as sent, while its code is awaited. */
  const [sent, setSent] = useState<RecruiterForm | null>(null);
  const countdown = useCountdown();
  const form = useForm<RecruiterForm>({
    resolver: zodResolver(recruiterFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const sendCode = useMutation({
    mutationFn: (values: RecruiterForm) => recruiterCodeCalls.send({ email: values.email }),
    onSuccess: (body, values) => {
      setSent(recruiterFormSchema.parse(values));
      countdown.start(body.resendAfterSeconds);
    },
  });
  const recruit = useMutation({
    mutationFn: createRecruiter,
    onSuccess: (body) => {
      storeSignedIn(body);
      toast.success(body.message ?? ACCOUNT.recruiterCreated);
      setCreated(true);
    },
    // Back to the form, which keeps what was typed: its code is used up or was refused.
    onError: () => setSent(null),
  });
  const failure = recruit.isError
    ? failureMessage(recruit.error)
    : sendCode.isError
      ? failureMessage(sendCode.error)
      : null;

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(
      () => void navigate(paths.home, { replace: true }),
      TIMINGS.recruiterRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const { errors } = form.formState;
  return (
    <AuthLayout
      title="Recruiter account"
      subtitle="Create a demo staff account instantly to explore the shop and its dashboard."
      footer={
        <>
          <AuthFooterLine>
            Have an account? <AuthLink to={paths.login}>Log in</AuthLink>
          </AuthFooterLine>
          <AuthFooterLine>
            Shopping instead? <AuthLink to={paths.signup}>Sign up</AuthLink>
          </AuthFooterLine>
        </>
      }
    >
      {recruit.isPending || created ? (
        <p role="status" className="text-sm text-ink-600">
          {created ? 'Taking you to the shop…' : 'Creating account…'}
        </p>
      ) : sent ? (
        <CodeStep
          calls={recruiterCodeCalls}
          email={sent.email}
          sentNote={(address) => <>We sent a code to {address}.</>}
          resendIn={countdown.remaining}
          onResent={countdown.start}
          onVerified={(verificationToken) => recruit.mutate({ ...sent, verificationToken })}
          onChangeEmail={() => setSent(null)}
        />
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((values) => {
            recruit.reset();
            sendCode.mutate(values);
          })}
        >
          <TextField
            label="Username"
            autoComplete="username"
            registration={form.register('username')}
            error={errors.username}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            registration={form.register('email')}
            error={errors.email}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            registration={form.register('password')}
            error={errors.password}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            registration={form.register('confirmPassword')}
            error={errors.confirmPassword}
          />
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <Button type="submit" size="lg" disabled={sendCode.isPending}>
            {sendCode.isPending ? 'Sending code…' : PAGES.createRecruiterAccount}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
