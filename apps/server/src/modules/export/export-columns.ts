/**
 * What each export holds: its title and typed columns. Cell values are plain data; the
 * writers format money and dates. Nothing secret (password hashes, tokens) is ever a column.
 */
import type { ExportType } from '@otaku/shared';

export type ColumnKind = 'text' | 'int' | 'money' | 'date' | 'percent';

export interface ExportColumn {
  key: string;
  header: string;
  kind: ColumnKind;
  /** Relative width: characters in the sheet, share of the line in the PDF. */
  width: number;
  /** Long text the sheet holds in full but a PDF line has no room for. */
  sheetOnly?: boolean;
}

export type ExportRow = Record<string, string | number | Date | null>;

export interface ExportSpec {
  title: string;
  columns: ExportColumn[];
}

const col = (
  key: string,
  header: string,
  kind: ColumnKind,
  width: number,
  sheetOnly = false,
): ExportColumn => ({ key, header, kind, width, ...(sheetOnly ? { sheetOnly } : {}) });

/** The columns a PDF shows: all but the sheet-only ones. */
export const pdfColumns = (spec: ExportSpec): ExportColumn[] =>
  spec.columns.filter((c) => !c.sheetOnly);

export const EXPORT_SPECS: Record<ExportType, ExportSpec> = {
  products: {
    title: 'Products',
    columns: [
      col('productID', 'Product ID', 'text', 13),
      col('name', 'Name', 'text', 30),
      col('category', 'Category', 'text', 10),
      col('type', 'Type', 'text', 18),
      col('price', 'Price', 'money', 10),
      col('stock', 'Stock', 'int', 8),
      col('variants', 'Stock by variant', 'text', 26),
      col('createdAt', 'Created', 'date', 12),
    ],
  },
  orders: {
    title: 'Orders',
    columns: [
      col('orderID', 'Order ID', 'text', 14),
      col('customer', 'Customer', 'text', 18),
      col('email', 'Email', 'text', 26),
      col('date', 'Date', 'date', 12),
      col('payment', 'Payment', 'text', 12),
      col('status', 'Status', 'text', 11),
      col('items', 'Items', 'int', 7),
      // What to pack and where: in the sheet, to print labels or pick lists from.
      col('lines', 'Lines', 'text', 40, true),
      col('shippingAddress', 'Shipping Address', 'text', 40, true),
      col('subtotal', 'Subtotal', 'money', 11),
      col('discount', 'Discount', 'money', 10),
      col('couponCode', 'Coupon Code', 'text', 13),
      col('amount', 'Amount', 'money', 11),
    ],
  },
  users: {
    title: 'Users',
    columns: [
      col('username', 'Username', 'text', 20),
      col('email', 'Email', 'text', 32),
      col('role', 'Role', 'text', 12),
      col('signIn', 'Sign-in', 'text', 16),
      col('joined', 'Joined', 'date', 12),
    ],
  },
  coupons: {
    title: 'Coupons',
    columns: [
      col('couponCode', 'Code', 'text', 16),
      col('discountPercentage', 'Discount (%)', 'percent', 12),
      col('expiryDate', 'Valid Until', 'date', 12),
      col('status', 'Status', 'text', 10),
      col('usage', 'Times used', 'int', 11),
    ],
  },
};

/**
 * What both files show where a row has no value (an order without a coupon). It is the
 * exporter's own text, never a user's, so it is written as it is and not neutralised.
 */
export const NO_VALUE = '-';

/**
 * A text cell that a spreadsheet could run as a formula (it starts with = + - @, a tab or a
 * carriage return) gets a leading apostrophe, so it is shown as the text it is.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
