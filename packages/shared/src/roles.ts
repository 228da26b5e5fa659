/** Roles and their ranks (spec §6). */
export const ROLES = ['user', 'admin', 'superAdmin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_RANK: Record<Role, number> = { user: 1, admin: 2, superAdmin: 3 };

export const ROLE_LABELS: Record<Role, string> = {
  user: 'User',
  admin: 'Admin',
  superAdmin: 'Super Admin',
};

/** The roles that work in the dashboard. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'superAdmin'];

export function isStaff(role: Role | null | undefined): boolean {
  return role != null && STAFF_ROLES.includes(role);
}

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** How an order's status is named to shoppers and staff: the dashboard, the history, exports. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** The e-mails an order may owe its shopper (decision 109). */
/**
 * An order's e-mails: its confirmation, its shipping notice, the confirmation of pre-order lines
 * cancelled (decision 169), the notice of a moved release date (decision 170) and the word that
 * a refund which had failed was made after all (decision 173).
 */
export const ORDER_MAIL_KINDS = [
  'confirmation',
  'shipped',
  'cancellation',
  'release-moved',
  'refund-made',
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** What became of a refund: owed (the provider has not taken it yet), refunded, or failed. */
export const REFUND_STATUSES = ['owed', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const PAYMENT_METHODS = ['cod', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How a payment method is named to shoppers and staff. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: 'Cash on Delivery',
  card: 'Card',
};
