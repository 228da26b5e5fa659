import {
  DASHBOARD,
  DASHBOARD_RULES,
  deleteConfirmRequired,
  ORDER_SHORT,
  PERMISSIONS,
  type DashboardCoupon,
  type DashboardOrder,
  type PublicUser,
} from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../lib/session';
import { dashboardOrderFixture } from '../../../test/checkout-fixtures';
import { jsonResponse } from '../../../test/factories';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { CouponFormModal } from './coupon-form-modal';
import { OrderStatusModal } from './order-status-modal';
import { UserEditModal } from './user-edit-modal';

// Lazy pages and many keystrokes can be slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });

/** Renders an open modal and waits for it: a dialog's code loads when it first opens. */
async function wrap(node: ReactNode) {
  const view = render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
  await screen.findByRole('dialog');
  return view;
}

const person = (id: string, role: PublicUser['role']): PublicUser => ({
  _id: id,
  id,
  username: `${role}-${id}`,
  email: `${id}@example.com`,
  role,
  profilePic: null,
  googleId: null,
  createdAt: '2026-01-02T00:00:00.000Z',
});
const viewer = (p: PublicUser): SessionUser => ({ ...p });

describe('ConfirmDeleteModal', { timeout: 20_000 }, () => {
  it('keeps Delete disabled until CONFIRM is typed, then deletes', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    await wrap(
      <ConfirmDeleteModal
        open
        onOpenChange={() => {}}
        title="Delete order"
        expected="CONFIRM"
        label="Type CONFIRM"
        check={(t) => (t === 'CONFIRM' ? null : deleteConfirmRequired('order'))}
        onConfirm={onConfirm}
      />,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Type CONFIRM'), 'confirm');
    expect(button).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(deleteConfirmRequired('order'));
    await userEvent.clear(screen.getByLabelText('Type CONFIRM'));
    await userEvent.type(screen.getByLabelText('Type CONFIRM'), 'CONFIRM');
    await userEvent.click(button);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('UserEditModal', { timeout: 20_000 }, () => {
  it('shows the role select only to a superAdmin editing someone else', async () => {
    const boss = person('b', 'superAdmin');
    const { unmount } = await wrap(
      <UserEditModal viewer={viewer(boss)} target={person('u', 'user')} onClose={() => {}} />,
    );
    expect(screen.getByLabelText('Role')).toBeInTheDocument();
    unmount();
    await wrap(<UserEditModal viewer={viewer(boss)} target={boss} onClose={() => {}} />);
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.getByText(DASHBOARD_RULES.selfRoleNote)).toBeInTheDocument();
  });

  it('disables every field for an admin looking at another admin', async () => {
    const admin = person('a', 'admin');
    await wrap(
      <UserEditModal viewer={viewer(admin)} target={person('c', 'admin')} onClose={() => {}} />,
    );
    expect(screen.getByText(PERMISSIONS.noAuthorityToEditUser)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('sends only what was changed, so it cannot undo a role another superAdmin just set', async () => {
    const fetchStub = vi.fn(async () =>
      jsonResponse({ success: true, message: DASHBOARD.userUpdated, user: person('u', 'admin') }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onClose = vi.fn();
    await wrap(
      <UserEditModal
        viewer={viewer(person('b', 'superAdmin'))}
        target={person('u', 'user')}
        onClose={onClose}
      />,
    );
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    const sent = init.body as FormData;
    expect(sent.get('username')).toBe('renamed');
    expect(sent.has('email')).toBe(false);
    expect(sent.has('role')).toBe(false);
    vi.unstubAllGlobals();
  });

  it('asks editors for their current password once they change their own password, and sends it', async () => {
    const fetchStub = vi.fn(async () =>
      jsonResponse({ success: true, message: DASHBOARD.userUpdated, user: person('b', 'admin') }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const me = person('b', 'admin');
    const onClose = vi.fn();
    await wrap(<UserEditModal viewer={viewer(me)} target={me} onClose={onClose} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(screen.getByLabelText('Current password'), 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    const sent = init.body as FormData;
    expect(sent.get('password')).toBe('a-new-password');
    expect(sent.get('currentPassword')).toBe('the-old-password');
    vi.unstubAllGlobals();
  });

  it("says the shared schema's message under a changed field, and sends nothing", async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    await wrap(
      <UserEditModal
        viewer={viewer(person('b', 'superAdmin'))}
        target={person('u', 'user')}
        onClose={() => {}}
      />,
    );
    const username = screen.getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText(DASHBOARD_RULES.usernameLength);
    expect(username).toHaveAccessibleDescription(message.textContent!);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(fetchStub).not.toHaveBeenCalled();
    await userEvent.type(username, 'c');
    expect(screen.queryByText(DASHBOARD_RULES.usernameLength)).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("puts a 400's field message on the field it names", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            success: false,
            message: 'That password is on a list of leaked ones.',
            field: 'password',
          },
          400,
        ),
      ),
    );
    await wrap(
      <UserEditModal
        viewer={viewer(person('b', 'superAdmin'))}
        target={person('u', 'user')}
        onClose={() => {}}
      />,
    );
    const password = screen.getByLabelText('New password');
    await userEvent.type(password, 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('That password is on a list of leaked ones.');
    expect(password).toHaveAccessibleDescription(message.textContent!);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    vi.unstubAllGlobals();
  });

  it("drops the server's refusal once a field is changed again", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ success: false, message: DASHBOARD_RULES.emailTaken, field: 'email' }, 409),
      ),
    );
    await wrap(
      <UserEditModal
        viewer={viewer(person('b', 'superAdmin'))}
        target={person('u', 'user')}
        onClose={() => {}}
      />,
    );
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DASHBOARD_RULES.emailTaken)).toBeInTheDocument();
    await userEvent.type(email, 'x');
    expect(screen.queryByText(DASHBOARD_RULES.emailTaken)).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

const shipment = (overrides: Partial<DashboardOrder> = {}): DashboardOrder =>
  dashboardOrderFixture({
    _id: 'o1',
    orderID: 'ORD-00000042',
    user: { username: 'mika', email: 'mika@example.test', profilePic: null },
    status: 'processing',
    shippingAddress: 'Mika Tanaka\n1-2-3 Akihabara\nTokyo 101-0021',
    subtotal: 45.53,
    discount: 6.83,
    discountPercentage: 15,
    finalAmount: 43.7,
    couponCode: 'OTAKU15',
    products: [
      {
        productId: { _id: 'COM-AAAAAA', name: 'Blade Circuit Zero', image: '/a.webp' },
        variant: 'V1',
        quantity: 2,
        price: 19.99,
      },
      {
        productId: { _id: 'TOY-BBBBBB', name: 'Mecha Figure', image: '/b.webp' },
        variant: '',
        quantity: 1,
        price: 5.55,
      },
    ],
    ...overrides,
  });

describe('OrderStatusModal', { timeout: 20_000 }, () => {
  it('shows who, where, what and how it is paid above the status select', async () => {
    await wrap(<OrderStatusModal order={shipment()} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit order ORD-00000042' });
    expect(within(dialog).getByText('mika')).toBeInTheDocument();
    expect(within(dialog).getByText('mika@example.test')).toBeInTheDocument();
    const address = within(dialog).getByText(/1-2-3 Akihabara/);
    expect(address.textContent).toBe('Mika Tanaka\n1-2-3 Akihabara\nTokyo 101-0021');
    expect(address).toHaveClass('whitespace-pre-line');

    const lines = within(dialog).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Blade Circuit Zero (V1)');
    expect(lines[0]).toHaveTextContent('2 × $19.99');
    expect(lines[1]).toHaveTextContent('Mecha Figure');
    expect(lines[1]).not.toHaveTextContent('(');
    expect(lines[1]).toHaveTextContent('1 × $5.55');
    expect(within(dialog).getByText('$43.70')).toBeInTheDocument();
    expect(within(dialog).getByText('Coupon OTAKU15 (-$6.83)')).toBeInTheDocument();
    expect(within(dialog).getByText('Cash on Delivery — unpaid')).toBeInTheDocument();

    // The status select, Save and Cancel are still there, after the summary.
    const select = within(dialog).getByLabelText('Status');
    expect(select).toHaveValue('processing');
    expect(address.compareDocumentPosition(select) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('says first which paid units could not be taken from stock, and what to do', async () => {
    const { unmount } = await wrap(
      <OrderStatusModal
        order={shipment({
          shortUnits: [{ productId: 'TOY-BBBBBB', name: 'Mecha Figure', variant: '', quantity: 1 }],
        })}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit order ORD-00000042' });
    const heading = within(dialog).getByText(ORDER_SHORT.heading);
    const section = heading.closest('div')!;
    expect(section).toHaveTextContent('1 × Mecha Figure');
    expect(section).toHaveTextContent(ORDER_SHORT.advice);
    // Ahead of the address and the items, where staff look first.
    const address = within(dialog).getByText(/1-2-3 Akihabara/);
    expect(
      heading.compareDocumentPosition(address) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    unmount();

    await wrap(<OrderStatusModal order={shipment()} onClose={() => {}} />);
    expect(screen.queryByText(ORDER_SHORT.heading)).not.toBeInTheDocument();
  });

  it("drops the server's refusal once another status is chosen", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'PUT'
          ? jsonResponse({ success: false, message: DASHBOARD_RULES.orderNotFound }, 404)
          : jsonResponse({ success: true, mails: [] }),
      ),
    );
    await wrap(<OrderStatusModal order={shipment()} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit order ORD-00000042' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'shipped');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(DASHBOARD_RULES.orderNotFound)).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'delivered');
    expect(within(dialog).queryByText(DASHBOARD_RULES.orderNotFound)).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('says a card order is paid', async () => {
    await wrap(
      <OrderStatusModal
        order={shipment({ paymentMethod: 'card', paymentStatus: 'paid', couponCode: null })}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Card — paid')).toBeInTheDocument();
    expect(screen.queryByText(/^Coupon /)).not.toBeInTheDocument();
  });
});

describe('CouponFormModal', { timeout: 20_000 }, () => {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const coupon: DashboardCoupon = {
    _id: 'c1',
    couponCode: 'LEAKED',
    discountPercentage: 30,
    expiryDate: '2099-01-01T00:00:00.000Z',
    status: 'Active',
    usageCount: 4,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  const nextMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  it('refuses a past date for a new coupon, until the date is mended', async () => {
    await wrap(<CouponFormModal open coupon={null} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Coupon code'), 'SPRING');
    await userEvent.type(screen.getByLabelText('Discount (%)'), '10');
    await userEvent.type(screen.getByLabelText('Valid until'), yesterday);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText(DASHBOARD_RULES.expiryPast)).toBeInTheDocument();
    // A change that keeps the date past leaves the refusal; a future date ends it.
    await userEvent.type(screen.getByLabelText('Coupon code'), 'X');
    expect(screen.getByText(DASHBOARD_RULES.expiryPast)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Valid until'));
    await userEvent.type(screen.getByLabelText('Valid until'), nextMonth);
    expect(screen.queryByText(DASHBOARD_RULES.expiryPast)).not.toBeInTheDocument();
  });

  it("says the shared schema's message and marks the field it speaks of", async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    await wrap(<CouponFormModal open coupon={null} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Coupon code'), 'SPRING');
    await userEvent.type(screen.getByLabelText('Discount (%)'), '150');
    await userEvent.type(screen.getByLabelText('Valid until'), nextMonth);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const message = await screen.findByText(DASHBOARD_RULES.discountRange);
    const discount = screen.getByLabelText('Discount (%)');
    expect(discount).toHaveAttribute('aria-invalid', 'true');
    expect(discount).toHaveAccessibleDescription(message.textContent!);
    expect(screen.getByLabelText('Coupon code')).not.toHaveAttribute('aria-invalid');
    expect(fetchStub).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it("puts a 400's field message on the field it names", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { success: false, message: DASHBOARD_RULES.discountRange, field: 'discountPercentage' },
          400,
        ),
      ),
    );
    await wrap(<CouponFormModal open coupon={coupon} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText(DASHBOARD_RULES.discountRange);
    expect(screen.getByLabelText('Discount (%)')).toHaveAccessibleDescription(message.textContent!);
    expect(screen.getByLabelText('Discount (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Valid until')).not.toHaveAttribute('aria-invalid');
    vi.unstubAllGlobals();
  });

  it("drops the server's refusal of a taken code once the code is changed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ success: false, message: DASHBOARD_RULES.couponCodeTaken }, 409),
      ),
    );
    await wrap(<CouponFormModal open coupon={null} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Coupon code'), 'SPRING');
    await userEvent.type(screen.getByLabelText('Discount (%)'), '10');
    await userEvent.type(screen.getByLabelText('Valid until'), nextMonth);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(DASHBOARD_RULES.couponCodeTaken)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Coupon code'), '2');
    expect(screen.queryByText(DASHBOARD_RULES.couponCodeTaken)).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("drops the server's refusal of a date once the date is changed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { success: false, message: DASHBOARD_RULES.expiryInvalid, field: 'expiryDate' },
          400,
        ),
      ),
    );
    await wrap(<CouponFormModal open coupon={coupon} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DASHBOARD_RULES.expiryInvalid)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Valid until'));
    await userEvent.type(screen.getByLabelText('Valid until'), nextMonth);
    expect(screen.queryByText(DASHBOARD_RULES.expiryInvalid)).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('saves an edit with a past date, which ends the coupon now', async () => {
    const fetchStub = vi.fn(async () =>
      jsonResponse({
        success: true,
        message: DASHBOARD.couponUpdated,
        coupon: { ...coupon, status: 'Expired' },
      }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onClose = vi.fn();
    await wrap(<CouponFormModal open coupon={coupon} onClose={onClose} />);
    expect(screen.getByText('A date already past ends the coupon now.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Valid until'));
    await userEvent.type(screen.getByLabelText('Valid until'), yesterday);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ expiryDate: yesterday });
    vi.unstubAllGlobals();
  });
});
