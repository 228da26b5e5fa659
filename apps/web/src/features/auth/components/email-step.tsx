import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH, EMAIL_MAX_LENGTH, sendOtpRequestSchema, type SendOtpRequest } from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import type { CodeCalls } from '../api/auth-calls';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';

/** The first step of sign-up and of a password reset: the address the code goes to. */
export function EmailStep({
  calls,
  defaultEmail,
  hint,
  onSent,
}: {
  calls: CodeCalls;
  defaultEmail: string;
  hint: string;
  onSent: (email: string, resendAfterSeconds: number) => void;
}) {
  const form = useForm<SendOtpRequest>({
    resolver: zodResolver(sendOtpRequestSchema),
    defaultValues: { email: defaultEmail },
  });
  const send = useMutation({
    mutationFn: calls.send,
    onSuccess: (body, values) =>
      onSent(sendOtpRequestSchema.parse(values).email, body.resendAfterSeconds),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        hint={hint}
        registration={form.register('email')}
        error={form.formState.errors.email}
      />
      {send.isError ? <FormAlert>{errorMessage(send.error, AUTH.sendOtpFailed)}</FormAlert> : null}
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? 'Sending code…' : 'Send code'}
      </Button>
    </form>
  );
}
