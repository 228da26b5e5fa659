import { REFUND_PROBLEMS, type FailedRefund, type RefundActionResponse } from '@otaku/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { stubApi } from '../../../test/api-stub';
import { jsonResponse } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { RefundProblems } from './refund-problems';

const refused: FailedRefund = {
  id: '0b6f3d1e-6a8f-4a52-9f0e-1d2c3b4a5f60',
  orderId: 'o1',
  orderNumber: 'ORD-00000042',
  customerEmail: 'mika@example.test',
  productName: 'Asuka Langley 1/7 Figure',
  amount: 129.5,
  tries: 1,
  reason: 'Charge ch_3Q has already been refunded.',
  owedSince: '2026-11-25T14:02:09.000Z',
};
const lost: FailedRefund = {
  ...refused,
  id: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  orderId: null,
  orderNumber: null,
  customerEmail: null,
  productName: null,
  amount: 30,
  tries: 8,
  reason: null,
};

/**
 * Answers the failed refunds as the server would: each read the next list of `lists` (the
 * last again once they run out), a retry or a "refunded by hand" with `answer`.
 */
function stubServer(
  lists: { total: number; refunds: FailedRefund[] }[],
  answer?: RefundActionResponse,
) {
  const reads = [...lists];
  const act = () => jsonResponse(answer ?? { success: true, status: 'refunded', message: 'done' });
  return stubApi({
    'GET /api/order/refunds/failed': () =>
      jsonResponse({ success: true, ...(reads.length > 1 ? reads.shift()! : reads[0]!) }),
    'POST /api/order/refunds/:id/retry': act,
    'POST /api/order/refunds/:id/refundedByHand': act,
  });
}

/** Presses the button named `button`; the dialog it opens, named `title`. */
async function openDialog(button: string, title: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

/** Asks to try the listed refund of `refused` again and confirms; the dialog. */
async function retryTheRefused() {
  const dialog = await openDialog(
    REFUND_PROBLEMS.retryLabel('Order ORD-00000042', '$129.50'),
    REFUND_PROBLEMS.confirmRetryTitle('$129.50'),
  );
  await userEvent.click(within(dialog).getByRole('button', { name: REFUND_PROBLEMS.retry }));
  return dialog;
}

describe('RefundProblems', () => {
  it('shows nothing while no refund failed', async () => {
    const api = stubServer([{ total: 0, refunds: [] }]);
    const { container } = renderWithProviders(<RefundProblems />);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it("lists each with its order, customer, line and the provider's reason, and how many more wait", async () => {
    stubServer([{ total: 23, refunds: [refused, lost] }]);
    renderWithProviders(<RefundProblems />);
    const section = await screen.findByRole('region', { name: REFUND_PROBLEMS.heading(23) });
    const [first, second] = within(section).getAllByRole('listitem');
    expect(first).toHaveTextContent('Order ORD-00000042 · $129.50 for Asuka Langley 1/7 Figure');
    expect(first).toHaveTextContent('mika@example.test · owed since 25-11-2026 14:02 UTC · 1 try');
    expect(first).toHaveTextContent(REFUND_PROBLEMS.reason(refused.reason!));
    // An order deleted since: its refund is still owed, without its order's details.
    expect(second).toHaveTextContent('A deleted order · $30.00');
    expect(second).toHaveTextContent('owed since 25-11-2026 14:02 UTC · 8 tries');
    expect(section).toHaveTextContent(REFUND_PROBLEMS.more(21));
  });

  it('tries one again after asking, says it was refunded and reads the list again', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = stubServer(
      [
        { total: 1, refunds: [refused] },
        { total: 0, refunds: [] },
      ],
      {
        success: true,
        status: 'refunded',
        message: REFUND_PROBLEMS.refunded('$129.50'),
      },
    );
    renderWithProviders(<RefundProblems />);
    const dialog = await openDialog(
      REFUND_PROBLEMS.retryLabel('Order ORD-00000042', '$129.50'),
      REFUND_PROBLEMS.confirmRetryTitle('$129.50'),
    );
    expect(dialog).toHaveTextContent(REFUND_PROBLEMS.confirmRetry('$129.50', 'mika@example.test'));
    await userEvent.click(within(dialog).getByRole('button', { name: REFUND_PROBLEMS.retry }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith(REFUND_PROBLEMS.refunded('$129.50'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/order/refunds/${refused.id}/retry`,
    ]);
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: /card refund/ })).not.toBeInTheDocument(),
    );
  });

  it("keeps the dialog open with the provider's answer when it refuses again", async () => {
    const message = REFUND_PROBLEMS.refusedAgain(refused.reason!);
    stubServer([{ total: 1, refunds: [refused] }], { success: true, status: 'failed', message });
    renderWithProviders(<RefundProblems />);
    const dialog = await retryTheRefused();
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('marks one refunded by hand after saying what that means', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = stubServer([{ total: 1, refunds: [refused] }], {
      success: true,
      status: 'refunded',
      message: REFUND_PROBLEMS.marked('$129.50'),
    });
    renderWithProviders(<RefundProblems />);
    const dialog = await openDialog(
      REFUND_PROBLEMS.markLabel('Order ORD-00000042', '$129.50'),
      REFUND_PROBLEMS.confirmMarkTitle('$129.50'),
    );
    expect(dialog).toHaveTextContent(REFUND_PROBLEMS.confirmMark);
    await userEvent.click(
      within(dialog).getByRole('button', { name: REFUND_PROBLEMS.markRefunded }),
    );
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(REFUND_PROBLEMS.marked('$129.50')));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/order/refunds/${refused.id}/refundedByHand`,
    ]);
  });

  it('keeps the dialog, with why, when another staff member settled the refund first', async () => {
    const reads = [
      { total: 1, refunds: [refused] },
      { total: 0, refunds: [] },
    ];
    stubApi({
      'GET /api/order/refunds/failed': () =>
        jsonResponse({ success: true, ...(reads.length > 1 ? reads.shift()! : reads[0]!) }),
      'POST /api/order/refunds/:id/retry': () =>
        jsonResponse({ success: false, message: REFUND_PROBLEMS.notFailed }, 409),
    });
    renderWithProviders(<RefundProblems />);
    const dialog = await retryTheRefused();
    expect(await within(dialog).findByText(REFUND_PROBLEMS.notFailed)).toBeInTheDocument();
    // The list, read again, is empty; the dialog stays until closed, and does not come back.
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: /card refund/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog')).toHaveTextContent(REFUND_PROBLEMS.notFailed);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the list cannot be read', async () => {
    stubApi({
      'GET /api/order/refunds/failed': () =>
        jsonResponse({ success: false, message: 'Staff only' }, 403),
    });
    renderWithProviders(<RefundProblems />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Staff only');
  });
});
