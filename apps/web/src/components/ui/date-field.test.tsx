import { DASHBOARD, DASHBOARD_RULES, DATE_FIELD, type DashboardCoupon } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CouponFormModal } from '../../features/dashboard/components/coupon-form-modal';
import { stubApi } from '../../test/api-stub';
import { jsonResponse } from '../../test/factories';
import { DateField } from './date-field';
import { Label } from './input';

/** A labelled field as a form holds it; the last value it reported is shown beside it. */
function Held({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Label htmlFor="when">Valid until</Label>
      <DateField id="when" value={value} onChange={setValue} />
      <output aria-label="value">{value}</output>
    </>
  );
}

const field = () => screen.getByLabelText('Valid until');
const reported = () => screen.getByRole('status', { name: 'value' });

describe('DateField', () => {
  it('shows and takes dd-mm-yyyy, whatever the locale, and reports yyyy-mm-dd', async () => {
    render(<Held initial="2027-05-01" />);
    expect(field()).toHaveAttribute('type', 'text');
    expect(field()).toHaveValue('01-05-2027');
    expect(field()).toHaveAttribute('placeholder', DATE_FIELD.placeholder);
    expect(field()).toHaveAccessibleDescription(DATE_FIELD.hint);

    await userEvent.clear(field());
    await userEvent.type(field(), '31-12-2027');
    expect(field()).toHaveValue('31-12-2027');
    expect(reported()).toHaveTextContent('2027-12-31');

    await userEvent.clear(field());
    await userEvent.type(field(), '5/1/2028');
    expect(reported()).toHaveTextContent('2028-01-05');
  });

  it('reports what is no date as typed, for the form to refuse', async () => {
    render(<Held />);
    await userEvent.type(field(), '12-2027');
    expect(reported()).toHaveTextContent(/^12-2027$/);
    expect(field()).toHaveValue('12-2027');
  });
});

describe('the coupon dialog with the date field', { timeout: 20_000 }, () => {
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  const iso = inAMonth.toISOString().slice(0, 10);
  const typed = `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
  const saved: DashboardCoupon = {
    _id: 'c9',
    couponCode: 'SPRING',
    discountPercentage: 10,
    expiryDate: `${iso}T23:59:59.999Z`,
    status: 'Active',
    usageCount: 0,
    createdAt: new Date().toISOString(),
  };

  const open = (coupon: DashboardCoupon | null, onClose = () => {}) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CouponFormModal open coupon={coupon} onClose={onClose} />
      </QueryClientProvider>,
    );

  it('sends the date typed as dd-mm-yyyy as yyyy-mm-dd, unchanged for the API', async () => {
    const api = stubApi({
      'POST /api/coupon/createCoupon': () =>
        jsonResponse({ success: true, message: DASHBOARD.couponCreated, coupon: saved }, 201),
    });
    const onClose = vi.fn();
    open(null, onClose);
    await userEvent.type(await screen.findByLabelText('Coupon code'), 'SPRING');
    await userEvent.type(screen.getByLabelText('Discount (%)'), '10');
    await userEvent.type(screen.getByLabelText('Valid until'), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [call] = api.of('POST /api/coupon/createCoupon');
    expect(call!.body).toMatchObject({ expiryDate: iso });
  });

  it('opens an edit on the saved day as dd-mm-yyyy, and refuses a day that does not exist', async () => {
    open(saved);
    expect(await screen.findByLabelText('Valid until')).toHaveValue(typed);
    await userEvent.clear(screen.getByLabelText('Valid until'));
    await userEvent.type(screen.getByLabelText('Valid until'), '31-02-2030');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DASHBOARD_RULES.expiryInvalid)).toBeInTheDocument();
  });
});
