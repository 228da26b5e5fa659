import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH, sendOtpRequestSchema, type SendOtpRequest } from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { authCalls } from '../api/auth-calls';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';

/** Step 1: the address the code goes to. */
export function SignupEmailStep({
  defaultEmail,
  onSent,
}: {
  defaultEmail: string;
  onSent: (email: string, resendAfterSeconds: number) => void;
}) {
  const form = useForm<SendOtpRequest>({
    resolver: zodResolver(sendOtpRequestSchema),
    defaultValues: { email: defaultEmail },
  });
  const send = useMutation({
    mutationFn: authCalls.sendOtp,
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
        hint="We will send a 6-digit code to this address."
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
