import { DASHBOARD_RULES, ORDER_MAIL_STATUS, type OrderMailStatus } from '@otaku/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { stubApi, type ApiHandler } from '../../../test/api-stub';
import { jsonResponse } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { MailProblems, OrderMails } from './order-mails';

const sent: OrderMailStatus = {
  kind: 'confirmation',
  state: 'sent',
  tries: 1,
  sentAt: '2026-11-25T14:02:09.000Z',
  nextTryAt: null,
};
const givenUp: OrderMailStatus = {
  kind: 'shipped',
  state: 'failed',
  tries: 8,
  sentAt: null,
  nextTryAt: null,
};

/**
 * Answers the order e-mail calls as the server would: each read the next of `mails` or
 * `failed` (the last one again once they run out), a resend `resend`. Gives the resends sent.
 */
function stubServer(answers: {
  mails?: OrderMailStatus[][];
  failed?: number[];
  resend?: ApiHandler;
}) {
  const mails = [...(answers.mails ?? [])];
  const failed = [...(answers.failed ?? [])];
  const next = <T,>(list: T[]) => (list.length > 1 ? list.shift()! : list[0]!);
  const api = stubApi({
    'GET /api/order/mails/:id': () =>
      jsonResponse({ success: true, to: 'mika@example.test', mails: next(mails) }),
    'GET /api/order/mailProblems': () => jsonResponse({ success: true, failed: next(failed) }),
    'POST /api/order/mails/:id/resend':
      answers.resend ??
      (() => jsonResponse({ success: true, message: ORDER_MAIL_STATUS.resendQueued })),
    'POST /api/order/mails/resendFailed': () =>
      jsonResponse({ success: true, resent: 2, message: ORDER_MAIL_STATUS.resentAll(2) }),
  });
  const posts = () =>
    api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]);
  return { api, posts };
}

describe('OrderMails', () => {
  it('says when each e-mail went out and which could not be sent', async () => {
    stubServer({ mails: [[sent, givenUp]] });
    renderWithProviders(<OrderMails orderId="o1" orderNumber="ORD-00000042" />);
    const section = await screen.findByRole('region', { name: ORDER_MAIL_STATUS.heading });
    const [confirmation, shipped] = await within(section).findAllByRole('listitem');
    expect(confirmation).toHaveTextContent('Order confirmation');
    expect(confirmation).toHaveTextContent('Sent 25-11-2026 14:02 UTC');
    expect(shipped).toHaveTextContent('Shipped notice');
    expect(shipped).toHaveTextContent('Could not be sent (8 tries failed)');
  });

  it('says a mail is still being tried, with its failed tries and next try', async () => {
    stubServer({
      mails: [
        [{ ...sent, state: 'waiting', tries: 2, sentAt: null, nextTryAt: '2026-11-25T14:10:00Z' }],
      ],
    });
    renderWithProviders(<OrderMails orderId="o1" orderNumber="ORD-00000042" />);
    expect(
      await screen.findByText('Not sent yet: 2 tries failed, next try 25-11-2026 14:10 UTC'),
    ).toBeInTheDocument();
  });

  it('asks first, naming the mail, the order and the address, then sends it again', async () => {
    const success = vi.spyOn(toast, 'success');
    const { posts } = stubServer({
      mails: [
        [sent, givenUp],
        [sent, { ...givenUp, state: 'sent', sentAt: sent.sentAt }],
      ],
    });
    renderWithProviders(<OrderMails orderId="o 1" orderNumber="ORD-00000042" />);
    // Each name starts with the words on the button, so "click Send again" finds them.
    await screen.findByRole('button', { name: 'Send again: order confirmation' });
    await userEvent.click(screen.getByRole('button', { name: 'Send again: shipped notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the shipped notice again?' });
    expect(dialog).toHaveTextContent(
      'The shipped notice of order ORD-00000042 will be e-mailed to mika@example.test again.',
    );
    expect(posts()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(ORDER_MAIL_STATUS.resendQueued));
    expect(posts()).toEqual([['/api/order/mails/o%201/resend', { kind: 'shipped' }]]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.queryByText(/Could not be sent/)).not.toBeInTheDocument());
  });

  it('sends nothing when the question is cancelled, and says when a mail already went out', async () => {
    const { posts } = stubServer({ mails: [[sent, givenUp]] });
    renderWithProviders(<OrderMails orderId="o1" orderNumber="ORD-00000042" />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send again: order confirmation' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Send the order confirmation again?',
    });
    expect(dialog).toHaveTextContent('It was already sent 25-11-2026 14:02 UTC.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()).toEqual([]);
  });

  it('says in the question when the mail could not be queued, and stays open', async () => {
    stubServer({
      mails: [[sent]],
      resend: () => jsonResponse({ success: false, message: DASHBOARD_RULES.mailNotOwed }, 404),
    });
    renderWithProviders(<OrderMails orderId="o1" orderNumber="ORD-00000042" />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send again: order confirmation' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DASHBOARD_RULES.mailNotOwed);
  });

  it('says so when an order owes no e-mail', async () => {
    stubServer({ mails: [[]] });
    renderWithProviders(<OrderMails orderId="o1" orderNumber="ORD-00000042" />);
    expect(await screen.findByText(ORDER_MAIL_STATUS.none)).toBeInTheDocument();
  });
});

describe('MailProblems', () => {
  it('shows nothing while no e-mail was given up', async () => {
    const { api } = stubServer({ failed: [0] });
    const { container } = renderWithProviders(<MailProblems />);
    await vi.waitFor(() => expect(api.of('GET /api/order/mailProblems')).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('counts the given-up e-mails and, once asked, sends them all again', async () => {
    const success = vi.spyOn(toast, 'success');
    const { posts } = stubServer({ failed: [2, 0] });
    const { container } = renderWithProviders(<MailProblems />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ORDER_MAIL_STATUS.problems(2));
    await userEvent.click(within(alert).getByRole('button', { name: 'Send them again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send 2 e-mails again?' });
    expect(dialog).toHaveTextContent(
      "The 2 order e-mails that could not be sent will be e-mailed again, each to its order's customer at the address the order was placed with.",
    );
    expect(posts()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send them again' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(ORDER_MAIL_STATUS.resentAll(2)));
    expect(posts()).toEqual([['/api/order/mails/resendFailed', undefined]]);
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
