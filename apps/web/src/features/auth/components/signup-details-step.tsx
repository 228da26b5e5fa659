import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH, signupRequestSchema, type SessionResponse } from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { authCalls } from '../api/auth-calls';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';
import { tokenRefused } from './use-code-steps';

const detailsSchema = signupRequestSchema.pick({ username: true, password: true });

/**
 * Step 3: username and password; creating the account, with the verification token of the
 * code step, signs the visitor in.
 */
export function SignupDetailsStep({
  email,
  verificationToken,
  onSignedUp,
  onStartOver,
}: {
  email: string;
  verificationToken: string;
  onSignedUp: (body: SessionResponse) => void;
  onStartOver: () => void;
}) {
  const form = useForm<{ username: string; password: string }>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { username: '', password: '' },
  });
  const signup = useMutation({ mutationFn: authCalls.signup, onSuccess: onSignedUp });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) =>
        signup.mutate({ email, ...values, verificationToken }),
      )}
    >
      <TextField
        label="Username"
        autoComplete="username"
        registration={form.register('username')}
        error={errors.username}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        registration={form.register('password')}
        error={errors.password}
      />
      {signup.isError ? (
        <FormAlert>{errorMessage(signup.error, AUTH.signupFailed)}</FormAlert>
      ) : null}
      {tokenRefused(signup.error) ? (
        <Button variant="secondary" size="sm" onClick={onStartOver}>
          Ask for a new code
        </Button>
      ) : null}
      <Button type="submit" size="lg" disabled={signup.isPending}>
        {signup.isPending ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
