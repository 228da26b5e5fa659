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
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../lib/session';
import { stubApi, type ApiHandler } from '../../../test/api-stub';
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

/**
 * The dialogs' calls, answered by `handlers`; an order's dialog also reads the order's e-mails,
 * which owe none here. Gives the bodies sent to an endpoint.
 */
function stubDialogApi(handlers: Record<string, ApiHandler>) {
  const api = stubApi({
    'GET /api/order/mails/:id': () =>
      jsonResponse({ success: true, to: 'mika@example.test', mails: [] }),
    ...handlers,
  });
  return (endpoint: string) => api.of(endpoint).map((call) => call.init.body);
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
const bossUser = person('b', 'superAdmin');
const boss = viewer(bossUser);

const coupon: DashboardCoupon = {
  _id: 'c1',
  couponCode: 'LEAKED',
  discountPercentage: 30,
  expiryDate: '2099-01-01T00:00:00.000Z',
  status: 'Active',
  usageCount: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const yesterday = day(-1);
const nextMonth = day(30);

async function retype(label: string, text: string) {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.type(screen.getByLabelText(label), text);
}

async function fillNewCoupon(discount = '10', expiry = nextMonth) {
  await userEvent.type(screen.getByLabelText('Coupon code'), 'SPRING');
  await userEvent.type(screen.getByLabelText('Discount (%)'), discount);
  await userEvent.type(screen.getByLabelText('Valid until'), expiry);
}

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
        lineId: '00000000-0000-4000-8000-000000000002',
        productId: { _id: 'COM-AAAAAA', name: 'Blade Circuit Zero', image: '/a.webp' },
        variant: 'V1',
        quantity: 2,
        price: 19.99,
      },
      {
        lineId: '00000000-0000-4000-8000-000000000001',
        productId: { _id: 'TOY-BBBBBB', name: 'Mecha Figure', image: '/b.webp' },
        variant: '',
        quantity: 1,
        price: 5.55,
      },
    ],
    ...overrides,
  });

interface Refusal {
  dialog: () => ReactNode;
  /** The save's endpoint, which refuses. */
  endpoint: string;
  status: number;
  message: string;
  /** The field the refusal names, if any. */
  field?: string;
  /** What is filled in before Save. */
  fill?: () => Promise<void>;
  save: string;
  /** The label of the input the message lands on; none: under the form. */
  lands?: string;
  /** A change to the form after the refusal. */
  change: () => Promise<void>;
}

const editUser = () => (
  <UserEditModal viewer={boss} target={person('u', 'user')} onClose={() => {}} />
);
const editCoupon = () => <CouponFormModal open coupon={coupon} onClose={() => {}} />;

const refusals: [string, Refusal][] = [
  [
    "Edit user: a 400's password message, on New password",
    {
      dialog: editUser,
      endpoint: 'PUT /api/user/update/:id',
      status: 400,
      message: 'That password is on a list of leaked ones.',
      field: 'password',
      fill: () => userEvent.type(screen.getByLabelText('New password'), 'a-new-password'),
      save: 'Save',
      lands: 'New password',
      change: () => userEvent.type(screen.getByLabelText('New password'), 'x'),
    },
  ],
  [
    'Edit user: a taken address, on Email',
    {
      dialog: editUser,
      endpoint: 'PUT /api/user/update/:id',
      status: 409,
      message: DASHBOARD_RULES.emailTaken,
      field: 'email',
      fill: () => retype('Email', 'taken@example.com'),
      save: 'Save',
      lands: 'Email',
      change: () => userEvent.type(screen.getByLabelText('Email'), 'x'),
    },
  ],
  [
    "Edit coupon: a 400's discount message, on Discount",
    {
      dialog: editCoupon,
      endpoint: 'PUT /api/coupon/update/:id',
      status: 400,
      message: DASHBOARD_RULES.discountRange,
      field: 'discountPercentage',
      save: 'Save',
      lands: 'Discount (%)',
      change: () => retype('Discount (%)', '20'),
    },
  ],
  [
    "Edit coupon: a 400's date message, on Valid until",
    {
      dialog: editCoupon,
      endpoint: 'PUT /api/coupon/update/:id',
      status: 400,
      message: DASHBOARD_RULES.expiryInvalid,
      field: 'expiryDate',
      save: 'Save',
      lands: 'Valid until',
      change: () => retype('Valid until', nextMonth),
    },
  ],
  [
    'Create coupon: a taken code, under the form',
    {
      dialog: () => <CouponFormModal open coupon={null} onClose={() => {}} />,
      endpoint: 'POST /api/coupon/createCoupon',
      status: 409,
      message: DASHBOARD_RULES.couponCodeTaken,
      fill: () => fillNewCoupon(),
      save: 'Create',
      change: () => userEvent.type(screen.getByLabelText('Coupon code'), '2'),
    },
  ],
  [
    'Order status: an order gone, under the form',
    {
      dialog: () => <OrderStatusModal order={shipment()} onClose={() => {}} />,
      endpoint: 'PUT /api/order/update/:id',
      status: 404,
      message: DASHBOARD_RULES.orderNotFound,
      fill: () => userEvent.selectOptions(screen.getByLabelText('Status'), 'shipped'),
      save: 'Save',
      change: () => userEvent.selectOptions(screen.getByLabelText('Status'), 'delivered'),
    },
  ],
];

describe("the server's refusal of a dialog's save", { timeout: 20_000 }, () => {
  it.each(refusals)('%s, until the form changes', async (_name, refusal) => {
    const { endpoint, status, message, field } = refusal;
    stubDialogApi({
      [endpoint]: () => jsonResponse({ success: false, message, ...(field && { field }) }, status),
    });
    await wrap(refusal.dialog());
    await refusal.fill?.();
    await userEvent.click(screen.getByRole('button', { name: refusal.save }));
    const shown = await screen.findByText(message);
    // Only the field it names is marked, and described by it.
    const marked = [...document.querySelectorAll('[aria-invalid="true"]')];
    if (refusal.lands) {
      const input = screen.getByLabelText(refusal.lands);
      expect(marked).toEqual([input]);
      // Beside a hint the field may have.
      expect(input).toHaveAccessibleDescription(expect.stringContaining(shown.textContent!));
    } else {
      expect(marked).toEqual([]);
    }
    await refusal.change();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});

describe('UserEditModal', { timeout: 20_000 }, () => {
  const updated: ApiHandler = () =>
    jsonResponse({ success: true, message: DASHBOARD.userUpdated, user: person('u', 'admin') });

  it('shows the role select only to a superAdmin editing someone else', async () => {
    const { unmount } = await wrap(editUser());
    expect(screen.getByLabelText('Role')).toBeInTheDocument();
    unmount();
    await wrap(<UserEditModal viewer={boss} target={bossUser} onClose={() => {}} />);
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
    const sent = stubDialogApi({ 'PUT /api/user/update/:id': updated });
    const onClose = vi.fn();
    await wrap(<UserEditModal viewer={boss} target={person('u', 'user')} onClose={onClose} />);
    await retype('Username', 'renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [form] = sent('PUT /api/user/update/:id') as [FormData];
    expect(form.get('username')).toBe('renamed');
    expect(form.has('email')).toBe(false);
    expect(form.has('role')).toBe(false);
  });

  it('asks editors for their current password once they change their own password, and sends it', async () => {
    const sent = stubDialogApi({ 'PUT /api/user/update/:id': updated });
    const me = person('b', 'admin');
    const onClose = vi.fn();
    await wrap(<UserEditModal viewer={viewer(me)} target={me} onClose={onClose} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(screen.getByLabelText('Current password'), 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [form] = sent('PUT /api/user/update/:id') as [FormData];
    expect(form.get('password')).toBe('a-new-password');
    expect(form.get('currentPassword')).toBe('the-old-password');
  });
});

/**
 * A dialog's own check of the shared schema: the message on its field, nothing sent, and the
 * message gone once the field is mended.
 */
describe("the shared schema's message in a dialog", { timeout: 20_000 }, () => {
  it.each([
    [
      'Edit user: a username too short',
      editUser,
      () => retype('Username', 'ab'),
      'Save',
      DASHBOARD_RULES.usernameLength,
      'Username',
      () => userEvent.type(screen.getByLabelText('Username'), 'c'),
    ],
    [
      'Create coupon: a discount past 100',
      () => <CouponFormModal open coupon={null} onClose={() => {}} />,
      () => fillNewCoupon('150'),
      'Create',
      DASHBOARD_RULES.discountRange,
      'Discount (%)',
      () => retype('Discount (%)', '15'),
    ],
  ] as const)('%s', async (_name, dialog, fill, save, message, label, mend) => {
    const api = stubApi({});
    await wrap(dialog());
    await fill();
    await userEvent.click(screen.getByRole('button', { name: save }));
    const shown = await screen.findByText(message);
    const input = screen.getByLabelText(label);
    expect([...document.querySelectorAll('[aria-invalid="true"]')]).toEqual([input]);
    expect(input).toHaveAccessibleDescription(shown.textContent!);
    expect(api.calls).toEqual([]);
    await mend();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});

describe('OrderStatusModal', { timeout: 20_000 }, () => {
  beforeEach(() => void stubDialogApi({}));

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
  it('refuses a past date for a new coupon, until the date is mended', async () => {
    await wrap(<CouponFormModal open coupon={null} onClose={() => {}} />);
    await fillNewCoupon('10', yesterday);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText(DASHBOARD_RULES.expiryPast)).toBeInTheDocument();
    // A change that keeps the date past leaves the refusal; a future date ends it.
    await userEvent.type(screen.getByLabelText('Coupon code'), 'X');
    expect(screen.getByText(DASHBOARD_RULES.expiryPast)).toBeInTheDocument();
    await retype('Valid until', nextMonth);
    expect(screen.queryByText(DASHBOARD_RULES.expiryPast)).not.toBeInTheDocument();
  });

  it('saves an edit with a past date, which ends the coupon now', async () => {
    const sent = stubDialogApi({
      'PUT /api/coupon/update/:id': () =>
        jsonResponse({
          success: true,
          message: DASHBOARD.couponUpdated,
          coupon: { ...coupon, status: 'Expired' },
        }),
    });
    const onClose = vi.fn();
    await wrap(<CouponFormModal open coupon={coupon} onClose={onClose} />);
    expect(screen.getByText('A date already past ends the coupon now.')).toBeInTheDocument();
    await retype('Valid until', yesterday);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [body] = sent('PUT /api/coupon/update/:id');
    expect(JSON.parse(String(body))).toMatchObject({ expiryDate: yesterday });
  });
});
