import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH, verifyOtpRequestSchema } from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui';
import { errorMessage, retryAfterSeconds } from '../../../lib/errors';
import type { CodeCalls } from '../api/auth-calls';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';

const codeSchema = verifyOtpRequestSchema.pick({ otp: true });

/**
 * The second step of sign-up and of a password reset: the code from the e-mail. "Resend code"
 * stays disabled while the 30-second countdown runs (spec §4); the server enforces the same wait.
 */
export function CodeStep({
  calls,
  email,
  sentNote,
  resendIn,
  onResent,
  onVerified,
  onChangeEmail,
}: {
  calls: CodeCalls;
  email: string;
  /** Where the code went, with the address in bold. */
  sentNote: (email: ReactNode) => ReactNode;
  resendIn: number;
  onResent: (seconds: number) => void;
  /** With the verification token of the code, which the last step sends. */
  onVerified: (verificationToken: string) => void;
  onChangeEmail: () => void;
}) {
  const form = useForm<{ otp: string }>({
    resolver: zodResolver(codeSchema),
    defaultValues: { otp: '' },
  });
  const verify = useMutation({
    mutationFn: calls.verify,
    onSuccess: (body) => onVerified(body.verificationToken),
  });
  const resend = useMutation({
    mutationFn: () => calls.send({ email }),
    onMutate: () => verify.reset(),
    onSuccess: (body) => {
      onResent(body.resendAfterSeconds);
      form.reset({ otp: '' });
      toast.success(body.message);
    },
    onError: (error) => {
      const wait = retryAfterSeconds(error);
      if (wait > 0) onResent(wait);
    },
  });
  const failure = verify.isError
    ? errorMessage(verify.error, AUTH.otpInvalid)
    : resend.isError
      ? errorMessage(resend.error, AUTH.sendOtpFailed)
      : null;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ otp }) => verify.mutate({ email, otp }))}
    >
      <p className="text-sm text-ink-600">
        {sentNote(<strong className="font-semibold text-ink-900">{email}</strong>)}
      </p>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="font-mono tracking-[0.5em]"
        registration={form.register('otp')}
        error={form.formState.errors.otp}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <Button type="submit" size="lg" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify code'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onChangeEmail}>
          Use a different email
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={resendIn > 0 || resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resendIn > 0 ? `Resend code in ${resendIn}s` : 'Resend code'}
        </Button>
      </div>
    </form>
  );
}
