import { Package, ReceiptText, TicketPercent, Users } from 'lucide-react';
import { ScreenPlaceholder } from '../../../components/ui';

/* The four dashboard screens (spec §2, Dashboard). The dashboard work replaces each. */

export function ProductsPage() {
  return (
    <ScreenPlaceholder
      icon={Package}
      title="Products"
      summary="Manage the catalog: add, edit and remove products and keep stock up to date."
      upcoming={[
        'Export (Excel or PDF) and Add New Product',
        'Filters: price, search, category, types and Load Products',
        'A table of products with edit and delete actions, category, price and stock status',
        'Pages of 20 products',
      ]}
    />
  );
}

export function OrdersPage() {
  return (
    <ScreenPlaceholder
      icon={ReceiptText}
      title="Orders"
      summary="Follow every order from pending to delivered."
      upcoming={[
        'Counts of pending, processing, shipped and delivered orders, with Refresh Stats',
        'A table of orders: customer, date, amount, coupon, discount and status',
        'Edit an order status or delete an order; Export',
      ]}
    />
  );
}

export function UsersPage() {
  return (
    <ScreenPlaceholder
      icon={Users}
      title="Users"
      summary="Find shoppers and staff, edit their details and roles."
      upcoming={[
        'Search and a role filter with Load Users',
        'A table of users with email, role and join date',
        'Edit and delete, within the limits of your role; Export',
      ]}
    />
  );
}

export function CouponsPage() {
  return (
    <ScreenPlaceholder
      icon={TicketPercent}
      title="Coupons"
      summary="Create discount codes and see how they are used."
      upcoming={[
        'Active coupons, total usage and total discount, with Refresh Stats',
        'A table of coupons: code, discount, valid until and status',
        'Create, edit and delete coupons; Export',
      ]}
    />
  );
}
