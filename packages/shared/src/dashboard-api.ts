/**
 * Requests and responses of the staff dashboard calls (spec §7), used by the server routes and
 * the dashboard pages alike. Identity always comes from the bearer token: the spec's `email`,
 * `viewerEmail` and `editorEmail` fields are accepted for compatibility and ignored.
 */
import { z } from './zod';
import { codeField, emailField, newPasswordField, publicUserSchema, usernameField } from './auth';
import { CATEGORIES } from './catalog';
import { getProductsQuerySchema, getProductsResponseSchema, productSchema } from './catalog-api';
import { orderSchema } from './checkout-api';
import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_DISCOUNT_MAX,
  COUPON_DISCOUNT_MIN,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
} from './constants';
import { DASHBOARD_RULES, REFUND_PROBLEMS } from './dashboard-messages';
import { INPUT_RULES, PRODUCT_FORM, USER_FORM } from './messages';
import { ORDER_MAIL_KINDS, ORDER_STATUSES, REFUND_STATUSES, ROLES, type Role } from './roles';
import { parsePlainDecimal, requiredString } from './text-rules';
import { expiryDateSchema } from './expiry-date';
import { PREORDER_RULES } from './preorders';

/** currPage as the spec sends it: a positive page number, 1 when absent or nonsense. */
export const pageQuery = z.preprocess(
  (v) => (v === undefined || v === '' ? 1 : v),
  z.coerce.number().int().min(1).catch(1),
);
const ignoredEmail = z.string().max(EMAIL_MAX_LENGTH, DASHBOARD_RULES.emailInvalid).optional();

/**
 * The dashboard products list's stock filter (decision 163): every product, or only those with
 * a variant at LOW_STOCK_THRESHOLD units or fewer, the products the low-stock card lists.
 */
export const PRODUCT_STOCK_FILTERS = ['all', 'low'] as const;
export type ProductStockFilter = (typeof PRODUCT_STOCK_FILTERS)[number];

/** GET /api/product/dashboardProducts: the shop's productConstraints plus the stock filter. */
export const dashboardProductsQuerySchema = getProductsQuerySchema.extend({
  // Refused rather than read as 'all': a mistyped filter must not look like a filtered list.
  stock: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(PRODUCT_STOCK_FILTERS, { error: DASHBOARD_RULES.stockFilterInvalid }).default('all'),
  ),
});

/**
 * The dashboard's products: the shop's answer, each product with the units its pre-order lines
 * hold while it is a pre-order (0 otherwise; decision 167).
 */
export const dashboardProductsResponseSchema = getProductsResponseSchema.extend({
  currPageProducts: z.array(productSchema.extend({ preorderedUnits: z.number().int().optional() })),
});
export type DashboardProductsResponse = z.infer<typeof dashboardProductsResponseSchema>;
export type DashboardProduct = DashboardProductsResponse['currPageProducts'][number];

export const productSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  product: z.object({ productID: z.string(), _id: z.string(), image: z.string() }),
});
export type ProductSavedResponse = z.infer<typeof productSavedResponseSchema>;

export const deleteProductRequestSchema = z.object({
  productID: requiredString(PRODUCT_FORM.deleteIdRequired)
    .trim()
    .min(1, PRODUCT_FORM.deleteIdRequired)
    .max(40),
  email: ignoredEmail,
});

export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

/* ---------- orders ---------- */

/**
 * Units of an order line that could not be taken from stock when the order was paid for: its
 * reservation had lapsed and the stock was gone by then (decision 138). Staff see them; the
 * shopper's history does not.
 */
export const shortUnitSchema = z.object({
  /** Null once the product is deleted; the name is the order's own copy. */
  productId: z.string().nullable(),
  name: z.string(),
  variant: z.string(),
  quantity: z.number().int(),
});
export type ShortUnit = z.infer<typeof shortUnitSchema>;

/**
 * The dashboard reads orders in the shape of the shopper's history (checkout-api.ts), plus the
 * units that could not be taken at payment (empty for nearly every order).
 */
export const dashboardOrderSchema = orderSchema.extend({ shortUnits: z.array(shortUnitSchema) });
export type DashboardOrder = z.infer<typeof dashboardOrderSchema>;

/** The orders list's filter: every order, or only those with units short (`shortUnits`). */
export const ORDER_SHORT_FILTERS = ['all', 'only'] as const;
export type OrderShortFilter = (typeof ORDER_SHORT_FILTERS)[number];

/** The orders list's release filter: every order, or only those waiting for a release. */
export const ORDER_RELEASE_FILTERS = ['all', 'waiting'] as const;
export type OrderReleaseFilter = (typeof ORDER_RELEASE_FILTERS)[number];

export const allOrdersQuerySchema = z.object({
  currPage: pageQuery,
  email: ignoredEmail,
  release: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ORDER_RELEASE_FILTERS, { error: PREORDER_RULES.releaseFilterInvalid }).default('all'),
  ),
  // Refused rather than read as 'all': a mistyped filter must not look like a filtered list.
  shortUnits: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ORDER_SHORT_FILTERS, { error: DASHBOARD_RULES.shortUnitsFilterInvalid }).default('all'),
  ),
});
export const allOrdersResponseSchema = z.object({
  success: z.literal(true),
  currPageOrders: z.array(dashboardOrderSchema),
  totalPages: z.number(),
  totalOrders: z.number(),
  message: z.string(),
});
export type AllOrdersResponse = z.infer<typeof allOrdersResponseSchema>;

export const orderStatsSchema = z.object({
  pending: z.number(),
  processing: z.number(),
  shipped: z.number(),
  delivered: z.number(),
});
export type OrderStats = z.infer<typeof orderStatsSchema>;
export const orderStatsResponseSchema = z.object({
  success: z.literal(true),
  stats: orderStatsSchema,
  message: z.string(),
});

export const updateOrderRequestSchema = z.object({ status: z.enum(ORDER_STATUSES) });
export const idParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** DELETE /user/delete/{id}: the spec's client sends {editorEmail}; none is fine too. */
export const deleteUserRequestSchema = z.object({ editorEmail: ignoredEmail }).nullish();

export const revenueDaySchema = z.object({ date: z.string(), cash: z.number(), card: z.number() });
export type RevenueDay = z.infer<typeof revenueDaySchema>;
export const revenueResponseSchema = z.object({
  success: z.literal(true),
  days: z.array(revenueDaySchema),
});

export const lowStockItemSchema = z.object({
  productID: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  variant: z.string(),
  stock: z.number(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;
export const lowStockResponseSchema = z.object({
  success: z.literal(true),
  threshold: z.number(),
  items: z.array(lowStockItemSchema),
});

/* ---------- order e-mails (decision 115) ---------- */

/**
 * Where an order's e-mail stands: out (`sentAt`), still being tried (`nextTryAt`; `tries`
 * failed so far, none while it waits for its first), or given up after every try failed.
 */
export const ORDER_MAIL_STATES = ['sent', 'waiting', 'failed'] as const;
export type OrderMailState = (typeof ORDER_MAIL_STATES)[number];
export const orderMailStatusSchema = z.object({
  kind: z.enum(ORDER_MAIL_KINDS),
  state: z.enum(ORDER_MAIL_STATES),
  tries: z.number().int(),
  sentAt: z.string().nullable(),
  nextTryAt: z.string().nullable(),
});
export type OrderMailStatus = z.infer<typeof orderMailStatusSchema>;
export const orderMailsResponseSchema = z.object({
  success: z.literal(true),
  /** Where the order's e-mails go: the address it was placed with, not the account's today. */
  to: z.string(),
  mails: z.array(orderMailStatusSchema),
});
export type OrderMailsResponse = z.infer<typeof orderMailsResponseSchema>;
export const resendOrderMailRequestSchema = z.object({
  kind: z.enum(ORDER_MAIL_KINDS, { error: DASHBOARD_RULES.mailKindInvalid }),
});
/** How many order e-mails were given up, on every order. */
export const orderMailProblemsResponseSchema = z.object({
  success: z.literal(true),
  failed: z.number().int(),
});
export type OrderMailProblemsResponse = z.infer<typeof orderMailProblemsResponseSchema>;
export const resendFailedMailsResponseSchema = successMessageSchema.extend({
  resent: z.number().int(),
});
export type ResendFailedMailsResponse = z.infer<typeof resendFailedMailsResponseSchema>;

/**
 * A card refund of a cancelled pre-order line that the provider refused or that failed every
 * try (decision 173). Its order fields are null once staff deleted the order.
 */
export const failedRefundSchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  customerEmail: z.string().nullable(),
  productName: z.string().nullable(),
  amount: z.number(),
  tries: z.number().int(),
  /** The provider's answer or the error of the last try, as the server log has it. */
  reason: z.string().nullable(),
  /** When the line was cancelled, which is when the refund became owed. */
  owedSince: z.string(),
});
export type FailedRefund = z.infer<typeof failedRefundSchema>;
/** The failed refunds, the oldest first (at most FAILED_REFUNDS_SHOWN), and how many there are. */
export const failedRefundsResponseSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  refunds: z.array(failedRefundSchema),
});
export type FailedRefundsResponse = z.infer<typeof failedRefundsResponseSchema>;
export const refundIdParamsSchema = z.object({
  id: z.uuid({ error: REFUND_PROBLEMS.notFound }),
});
/** What became of a failed refund staff tried again or marked as made by hand. */
export const refundActionResponseSchema = successMessageSchema.extend({
  status: z.enum(REFUND_STATUSES),
});
export type RefundActionResponse = z.infer<typeof refundActionResponseSchema>;

/* ---------- users ---------- */

export const USER_ROLE_FILTERS = ['all', ...ROLES] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

export const getUsersQuerySchema = z.object({
  currPage: pageQuery,
  searchQuery: z.string().trim().max(100).optional().default(''),
  role: z.enum(USER_ROLE_FILTERS).catch('all').default('all'),
  viewerEmail: ignoredEmail,
});
export const getUsersResponseSchema = z.object({
  success: z.literal(true),
  requiredUsers: z.array(publicUserSchema),
  totalPages: z.number(),
  totalUsers: z.number(),
});
export type GetUsersResponse = z.infer<typeof getUsersResponseSchema>;

/** The text fields of PUT /user/update/{id}; the profile picture comes as a file part. */
export const userEditFieldsSchema = z.object({
  username: usernameField(
    USER_FORM.usernameRequired,
    DASHBOARD_RULES.usernameLength,
    DASHBOARD_RULES.usernameLength,
  ).optional(),
  email: emailField(USER_FORM.emailRequired, DASHBOARD_RULES.emailInvalid).optional(),
  role: z.enum(ROLES).optional(),
  /** Blank keeps the password unchanged. */
  password: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v))
    .pipe(newPasswordField(DASHBOARD_RULES.passwordTooShort).optional()),
  editorEmail: ignoredEmail,
  /** Needed when editors change their own password or email (decision 135). */
  currentPassword: z
    .string()
    .max(PASSWORD_MAX_LENGTH, INPUT_RULES.passwordTooLong)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** The code mailed to the new address, needed when editors change their own email (136). */
  emailCode: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .pipe(codeField(DASHBOARD_RULES.emailCodeRequired).optional()),
});
export type UserEditFields = z.input<typeof userEditFieldsSchema>;

/** What the dashboard's edit-user dialog holds, as typed. */
export interface UserEditFormValues {
  username: string;
  email: string;
  password: string;
  currentPassword: string;
  emailCode: string;
  role: Role;
}

/**
 * The edit-user dialog's rules: every field it would send checked by userEditFieldsSchema, the
 * schema the server validates the update with. The dialog sends only what was changed, so a
 * field left as it was is not checked again; a new address of one's own needs the code mailed
 * there (decision 136).
 */
export function userEditFormSchema(original: { username: string; email: string }, self: boolean) {
  const fields = userEditFieldsSchema.shape;
  return z
    .object({
      username: z.string(),
      email: z.string(),
      password: z.string(),
      currentPassword: z.string(),
      emailCode: z.string(),
      role: z.enum(ROLES),
    })
    .superRefine((form, ctx) => {
      const check = (name: 'username' | 'email' | 'password' | 'emailCode', value: string) => {
        const result = fields[name].safeParse(value);
        if (!result.success)
          ctx.addIssue({ code: 'custom', path: [name], message: result.error.issues[0]!.message });
      };
      if (form.username.trim() !== original.username) check('username', form.username);
      const email = form.email.trim().toLowerCase();
      if (email !== original.email) check('email', form.email);
      if (form.password !== '') check('password', form.password);
      if (self && email !== '' && email !== original.email) {
        if (form.emailCode.trim() === '')
          ctx.addIssue({
            code: 'custom',
            path: ['emailCode'],
            message: DASHBOARD_RULES.emailCodeRequired,
          });
        else check('emailCode', form.emailCode);
      }
    });
}

/**
 * POST /user/send-email-code: the signed-in account asks for a code at the address it wants
 * to move to, proving itself with its current password (decision 136). The answer is
 * sendOtpResponseSchema, the same whether or not another account uses the address.
 */
export const emailChangeCodeRequestSchema = z.object({
  email: emailField(USER_FORM.emailRequired, DASHBOARD_RULES.emailInvalid),
  currentPassword: requiredString(DASHBOARD_RULES.currentPasswordRequired)
    .min(1, DASHBOARD_RULES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, INPUT_RULES.passwordTooLong),
});
export type EmailChangeCodeRequest = z.input<typeof emailChangeCodeRequestSchema>;

export const userUpdatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: publicUserSchema,
});

/* ---------- coupons ---------- */

/** A whole percentage; typed text must be a plain decimal ("0x1e" is not 30). */
const discountSchema = z.preprocess(
  (v) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
    return typeof v === 'string' ? (parsePlainDecimal(v) ?? v) : v;
  },
  z
    .number({
      error: (i) =>
        i.input === undefined
          ? DASHBOARD_RULES.discountRequired
          : typeof i.input === 'string'
            ? DASHBOARD_RULES.discountNotANumber
            : DASHBOARD_RULES.discountRange,
    })
    .int(DASHBOARD_RULES.discountNotANumber)
    .min(COUPON_DISCOUNT_MIN, DASHBOARD_RULES.discountRange)
    .max(COUPON_DISCOUNT_MAX, DASHBOARD_RULES.discountRange),
);

export const createCouponRequestSchema = z.object({
  couponCode: requiredString(DASHBOARD_RULES.couponCodeRequired)
    .trim()
    .min(1, DASHBOARD_RULES.couponCodeRequired)
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{1,${COUPON_CODE_MAX_LENGTH}}$`),
      DASHBOARD_RULES.couponCodeFormat,
    )
    .toUpperCase(),
  discountPercentage: discountSchema,
  expiryDate: expiryDateSchema,
  email: ignoredEmail,
});
export type CreateCouponRequest = z.input<typeof createCouponRequestSchema>;

export const updateCouponRequestSchema = z.object({
  discountPercentage: discountSchema,
  expiryDate: expiryDateSchema,
  email: ignoredEmail,
});
export type UpdateCouponRequest = z.input<typeof updateCouponRequestSchema>;

/**
 * The dashboard's coupon dialog: the request's own rules, and for a new coupon the server's
 * further rule that its expiry lies ahead (coupons-admin refuses a past one with this message).
 */
export const createCouponFormSchema = createCouponRequestSchema.refine(
  // Checked even when another field failed, so the date may not have parsed (zod 4).
  (coupon) => !(coupon.expiryDate instanceof Date) || coupon.expiryDate.getTime() > Date.now(),
  { message: DASHBOARD_RULES.expiryPast, path: ['expiryDate'] },
);

export const dashboardCouponSchema = z.object({
  _id: z.string(),
  couponCode: z.string(),
  discountPercentage: z.number(),
  expiryDate: z.string(),
  status: z.enum(['Active', 'Expired']),
  usageCount: z.number(),
  createdAt: z.string(),
});
export type DashboardCoupon = z.infer<typeof dashboardCouponSchema>;

export const couponSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  coupon: dashboardCouponSchema,
});
export const allCouponsQuerySchema = z.object({ currPage: pageQuery, email: ignoredEmail });
export const allCouponsResponseSchema = z.object({
  success: z.literal(true),
  allCoupons: z.array(dashboardCouponSchema),
  totalPages: z.number(),
  totalCoupons: z.number(),
});
export type AllCouponsResponse = z.infer<typeof allCouponsResponseSchema>;

export const couponStatsSchema = z.object({
  activeCoupons: z.number(),
  totalUsage: z.number(),
  /** Dollars given away through coupons over all orders. */
  totalDiscount: z.number(),
});
export type CouponStats = z.infer<typeof couponStatsSchema>;
export const couponStatsResponseSchema = z.object({
  success: z.literal(true),
  stats: couponStatsSchema,
});

/** Active if the expiry date is after now, otherwise Expired (spec §4). */
export function couponStatus(expiryDate: string | Date, now: Date = new Date()) {
  return new Date(expiryDate).getTime() > now.getTime() ? 'Active' : 'Expired';
}

/* ---------- exports ---------- */

export const EXPORT_TYPES = ['products', 'orders', 'users', 'coupons'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_FORMATS = ['excel', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportParamsSchema = z.object({ type: z.enum(EXPORT_TYPES) });
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('excel'),
  email: ignoredEmail,
});
export const exportFileName = (type: ExportType, format: ExportFormat) =>
  `${type}.${format === 'excel' ? 'xlsx' : 'pdf'}`;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Dashboard dates are dd-mm-yyyy (spec §9), in UTC so every viewer reads the same day. */
export function formatDashboardDate(value: string | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  return `${pad2(d.getUTCDate())}-${pad2(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

/** A moment in the dashboard: its date as above, then the UTC time ("25-11-2026 14:02 UTC"). */
export function formatDashboardTime(value: string | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  return `${formatDashboardDate(d)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())} UTC`;
}
