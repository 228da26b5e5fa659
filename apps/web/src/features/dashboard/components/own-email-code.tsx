/**
 * The part of the edit dialog that proves one's own new email (decision 136): a button mails a
 * code to the new address, asked for with the current password typed above, and the code from
 * that mail goes with the save. The same address can have a new code after 30 s, as the server
 * says; a corrected address at once.
 */
import { DASHBOARD_RULES, emailChangeCodeRequestSchema } from '@otaku/shared';
import { useState } from 'react';
import { Button, FieldError, FieldHint, Input, Label } from '../../../components/ui';
import { errorMessage, retryAfterSeconds } from '../../../lib/errors';
import { useCountdown } from '../../../lib/use-countdown';
import { useSendEmailCode } from '../api/users';

export function OwnEmailCode({
  email,
  currentPassword,
  code,
  onCode,
  error,
}: {
  /** The new address, as the server stores it (trimmed, lower-case). */
  email: string;
  currentPassword: string;
  code: string;
  onCode: (code: string) => void;
  /** Why the dialog cannot be saved yet (no code), once a save was tried. */
  error: string | null;
}) {
  const send = useSendEmailCode();
  const { remaining, start } = useCountdown();
  const [sent, setSent] = useState<{ to: string; note: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sentHere = sent?.to === email;
  const waiting = sentHere && remaining > 0;

  const sendCode = async () => {
    setProblem(null);
    const request = emailChangeCodeRequestSchema.safeParse({ email, currentPassword });
    if (!request.success) {
      setProblem(request.error.issues[0]?.message ?? DASHBOARD_RULES.emailCodeSendFailed);
      return;
    }
    try {
      const answer = await send.mutateAsync(request.data);
      setSent({ to: email, note: answer.message });
      start(answer.resendAfterSeconds);
    } catch (e) {
      const wait = retryAfterSeconds(e);
      if (wait > 0) {
        setSent({ to: email, note: null });
        start(wait);
      }
      setProblem(errorMessage(e, DASHBOARD_RULES.emailCodeSendFailed));
    }
  };

  const shown = problem ?? error;
  return (
    <div className="flex flex-col gap-1">
      <FieldHint>{(sentHere && sent.note) || DASHBOARD_RULES.emailCodeHint}</FieldHint>
      <div className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor="user-emailCode">Code from the email</Label>
          <Input
            id="user-emailCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            invalid={Boolean(shown)}
            onChange={(e) => onCode(e.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="secondary"
          disabled={waiting || send.isPending}
          onClick={() => void sendCode()}
        >
          {waiting ? `Resend code in ${remaining}s` : sentHere ? 'Resend code' : 'Send code'}
        </Button>
      </div>
      {shown ? <FieldError>{shown}</FieldError> : null}
    </div>
  );
}
