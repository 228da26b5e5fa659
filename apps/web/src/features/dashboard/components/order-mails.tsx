import {
  formatDashboardTime,
  ORDER_MAIL_STATUS,
  type OrderMailKind,
  type OrderMailStatus,
} from '@otaku/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import {
  useMailProblems,
  useOrderMails,
  useResendFailedMails,
  useResendOrderMail,
} from '../api/orders';
import { ConfirmModal } from './confirm-modal';

/** Where one e-mail stands, in words, and how loudly to say it. */
function describe(mail: OrderMailStatus): { text: string; tone: string } {
  switch (mail.state) {
    case 'sent':
      return {
        text: ORDER_MAIL_STATUS.sent(formatDashboardTime(mail.sentAt!)),
        tone: 'text-ink-600',
      };
    case 'failed':
      return { text: ORDER_MAIL_STATUS.failed(mail.tries), tone: 'font-semibold text-red-700' };
    case 'waiting':
      return mail.tries === 0 || !mail.nextTryAt
        ? { text: ORDER_MAIL_STATUS.sending, tone: 'text-ink-600' }
        : {
            text: ORDER_MAIL_STATUS.retrying(mail.tries, formatDashboardTime(mail.nextTryAt)),
            tone: 'text-amber-700',
          };
  }
}

/**
 * The e-mails the order owes its customer (decision 109) and where each stands, each with a
 * button to send it again: after the mail settings were mended, or when a customer asks. The
 * button asks first, naming the mail and the address it goes to (decision 119).
 */
export function OrderMails({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const mails = useOrderMails(orderId);
  const resend = useResendOrderMail();
  const [asking, setAsking] = useState<OrderMailStatus | null>(null);
  const sendAgain = async (kind: OrderMailKind) => {
    try {
      toast.success((await resend.mutateAsync({ id: orderId, kind })).message);
    } catch (error) {
      throw new Error(errorMessage(error, ORDER_MAIL_STATUS.resendFailed), { cause: error });
    }
  };
  const askedName = asking ? ORDER_MAIL_STATUS.kind[asking.kind] : '';
  return (
    <section aria-labelledby="order-mails-heading" className="flex flex-col gap-1 text-sm">
      <h3
        id="order-mails-heading"
        className="text-xs font-semibold tracking-wide text-ink-500 uppercase"
      >
        {ORDER_MAIL_STATUS.heading}
      </h3>
      {mails.isPending ? (
        <p className="text-ink-500">{ORDER_MAIL_STATUS.loading}</p>
      ) : mails.isError ? (
        <p role="alert" className="text-red-600">
          {errorMessage(mails.error, ORDER_MAIL_STATUS.loadFailed)}
        </p>
      ) : mails.data.mails.length === 0 ? (
        <p className="text-ink-600">{ORDER_MAIL_STATUS.none}</p>
      ) : (
        <ul className="divide-y divide-ink-100">
          {mails.data.mails.map((mail) => {
            const name = ORDER_MAIL_STATUS.kind[mail.kind];
            const { text, tone } = describe(mail);
            return (
              <li key={mail.kind} className="flex items-center justify-between gap-3 py-1.5">
                <span className="min-w-0">
                  <span className="block font-semibold text-ink-800">{name}</span>
                  <span className={`block ${tone}`}>{text}</span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  aria-label={ORDER_MAIL_STATUS.resendLabel(name)}
                  disabled={resend.isPending}
                  onClick={() => setAsking(mail)}
                >
                  {ORDER_MAIL_STATUS.resend}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmModal
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={ORDER_MAIL_STATUS.confirmResendTitle(askedName)}
        action={ORDER_MAIL_STATUS.resend}
        onConfirm={() => sendAgain(asking!.kind)}
      >
        <p>{ORDER_MAIL_STATUS.confirmResend(askedName, orderNumber, mails.data?.to ?? '')}</p>
        {asking?.state === 'sent' && asking.sentAt ? (
          <p>{ORDER_MAIL_STATUS.alreadySent(formatDashboardTime(asking.sentAt))}</p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}

/**
 * Above the orders: how many order e-mails were given up after every try failed (the mail
 * settings are wrong, or a mail server refuses them), with one button to send them all again,
 * which asks first. Nothing while none were.
 */
export function MailProblems() {
  const problems = useMailProblems();
  const resend = useResendFailedMails();
  const [asking, setAsking] = useState(false);
  const failed = problems.data ?? 0;
  if (failed === 0) return null;
  const sendAll = async () => {
    try {
      toast.success((await resend.mutateAsync()).message);
    } catch (error) {
      throw new Error(errorMessage(error, ORDER_MAIL_STATUS.resendFailed), { cause: error });
    }
  };
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200"
    >
      <p>{ORDER_MAIL_STATUS.problems(failed)}</p>
      <Button
        variant="secondary"
        size="sm"
        disabled={resend.isPending}
        onClick={() => setAsking(true)}
      >
        {ORDER_MAIL_STATUS.resendAll(failed)}
      </Button>
      <ConfirmModal
        open={asking}
        onOpenChange={setAsking}
        title={ORDER_MAIL_STATUS.confirmResendAllTitle(failed)}
        action={ORDER_MAIL_STATUS.resendAll(failed)}
        onConfirm={sendAll}
      >
        <p>{ORDER_MAIL_STATUS.confirmResendAll(failed)}</p>
      </ConfirmModal>
    </div>
  );
}
