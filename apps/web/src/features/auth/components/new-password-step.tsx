import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH,
  newPasswordFormSchema,
  type NewPasswordForm,
  type SessionResponse,
} from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { authCalls } from '../api/auth-calls';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';
import { tokenRefused } from './use-code-steps';

/**
 * The last step of a password reset: the new password, twice, sent with the verification token
 * of the code step; saving it signs the user in.
 */
export function NewPasswordStep({
  email,
  verificationToken,
  onReset,
  onStartOver,
}: {
  email: string;
  verificationToken: string;
  onReset: (body: SessionResponse) => void;
  onStartOver: () => void;
}) {
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useMutation({ mutationFn: authCalls.resetPassword, onSuccess: onReset });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ password }) =>
        reset.mutate({ email, password, verificationToken }),
      )}
    >
      {/* Lets a password manager file the new password under the right account. */}
      <input type="hidden" autoComplete="username" value={email} readOnly />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        registration={form.register('password')}
        error={errors.password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
        error={errors.confirmPassword}
      />
      {reset.isError ? <FormAlert>{errorMessage(reset.error, AUTH.resetFailed)}</FormAlert> : null}
      {tokenRefused(reset.error) ? (
        <Button variant="secondary" size="sm" onClick={onStartOver}>
          Ask for a new code
        </Button>
      ) : null}
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Save new password'}
      </Button>
    </form>
  );
}
