import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT,
  EMAIL_MAX_LENGTH,
  PAGES,
  RECRUITER,
  recruiterRequestSchema,
  TIMINGS,
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
import { authCalls } from '../api/auth-calls';
import { storeSignedIn } from '../api/store-session';
import { AuthFooterLine, AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { FormAlert } from '../components/form-alert';
import { TextField } from '../components/text-field';

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

/** /recruiter (spec §2): creates an admin account at once, then goes home after 1.5 s. */
export function RecruiterRoute() {
  const navigate = useNavigate();
  const [created, setCreated] = useState(false);
  const form = useForm<RecruiterRequest>({
    resolver: zodResolver(recruiterRequestSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const recruit = useMutation({
    mutationFn: createRecruiter,
    onSuccess: (body) => {
      storeSignedIn(body);
      toast.success(body.message ?? ACCOUNT.recruiterCreated);
      setCreated(true);
    },
  });

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
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => recruit.mutate(values))}
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
        {recruit.isError ? <FormAlert>{failureMessage(recruit.error)}</FormAlert> : null}
        <Button type="submit" size="lg" disabled={recruit.isPending || created}>
          {recruit.isPending ? 'Creating account…' : PAGES.createRecruiterAccount}
        </Button>
      </form>
    </AuthLayout>
  );
}
