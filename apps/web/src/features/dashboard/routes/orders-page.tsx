/** Dashboard › Orders (spec §2): stat cards, revenue and low stock, the order table. */
import {
  DASHBOARD,
  DELETE_CONFIRM_WORD,
  deleteConfirmRequired,
  formatDashboardDate,
  LOW_STOCK,
  ORDER_SHORT,
  PREORDER_STAFF,
  ORDER_STATUS_LABELS,
  type DashboardOrder,
} from '@otaku/shared';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Avatar, Badge, Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  useAllOrders,
  useDeleteOrder,
  useLowStock,
  useOrderStats,
  useRefreshStats,
  useRevenue,
} from '../api/orders';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { pageHeadingId, PageHeader, StatCard } from '../components/dashboard-bits';
import { DataTable, type Column } from '../components/data-table';
import { ExportButton } from '../components/export-modal';
import { MailProblems } from '../components/order-mails';
import { RefundProblems } from '../components/refund-problems';
import { OrderStatusModal } from '../components/order-status-modal';
import { RevenueChart } from '../components/revenue-chart';
import { ShortUnitsMark } from '../components/short-units';
import { WaitingMark } from '../components/waiting-mark';
import { editAndDelete } from '../components/row-actions';
import { useDashboardState } from '../components/use-dashboard-state';
import { usePageInRange } from '../components/use-page-in-range';

const STATUS_TONE = {
  pending: 'sun',
  processing: 'sakura',
  shipped: 'ink',
  delivered: 'green',
} as const;

/** An address that may break after its @ when the column is narrow, and nowhere else. */
function breakableEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const COLUMNS: Column<DashboardOrder>[] = [
  {
    header: 'Order ID',
    cell: (o) => (
      <>
        <span className="font-mono text-xs whitespace-nowrap">{o.orderID}</span>
        <ShortUnitsMark units={o.shortUnits} />
        <WaitingMark order={o} />
      </>
    ),
  },
  {
    header: 'Customer',
    cell: (o) => (
      <div className="flex items-center gap-2">
        <Avatar src={o.user.profilePic} alt="" />
        <div>
          <p className="font-semibold">{o.user.username}</p>
          <p className="text-xs text-ink-500">{breakableEmail(o.user.email)}</p>
        </div>
      </div>
    ),
  },
  { header: 'Date', whole: true, cell: (o) => formatDashboardDate(o.createdAt) },
  { header: 'Amount', whole: true, cell: (o) => formatPrice(o.finalAmount) },
  { header: 'Coupon Code', cell: (o) => o.couponCode ?? '-' },
  {
    header: 'Discount',
    whole: true,
    cell: (o) => (o.discount > 0 ? formatPrice(o.discount) : '-'),
  },
  {
    header: 'Status',
    cell: (o) => (
      <Badge tone={STATUS_TONE[o.status] ?? 'gray'}>{ORDER_STATUS_LABELS[o.status]}</Badge>
    ),
  },
];

/** The page's heading, which also names its table. */
const TITLE = 'Orders';

export function OrdersPage() {
  const pageState = useDashboardState('orders', { page: 1, shortOnly: false, waitingOnly: false });
  const [{ page, shortOnly, waitingOnly }, setState] = pageState;
  const setPage = (next: number) => setState({ page: next, shortOnly, waitingOnly });
  const [editing, setEditing] = useState<DashboardOrder | null>(null);
  const [deleting, setDeleting] = useState<DashboardOrder | null>(null);
  const refreshStats = useRefreshStats();
  const orders = useAllOrders(page, shortOnly, waitingOnly);
  const stats = useOrderStats();
  const revenue = useRevenue();
  const lowStock = useLowStock();
  const remove = useDeleteOrder();
  const rows = orders.data?.currPageOrders ?? [];
  const list = usePageInRange(pageState, orders, rows.length);
  const s = stats.isError ? undefined : stats.data;

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={TITLE}
        actions={
          <>
            <ExportButton type="orders" />
            <Button variant="secondary" onClick={() => void refreshStats()}>
              <RefreshCw aria-hidden="true" className="size-4" /> Refresh Stats
            </Button>
          </>
        }
      />
      <MailProblems />
      <RefundProblems />
      {stats.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(stats.error, DASHBOARD.fetchStatsFailed)}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Pending" value={s?.pending ?? '-'} tone="border-l-4 border-sun-400" />
        <StatCard
          label="Processing"
          value={s?.processing ?? '-'}
          tone="border-l-4 border-sakura-400"
        />
        <StatCard label="Shipped" value={s?.shipped ?? '-'} tone="border-l-4 border-ink-400" />
        <StatCard
          label="Delivered"
          value={s?.delivered ?? '-'}
          tone="border-l-4 border-emerald-400"
        />
      </div>
      <div className="grid gap-4 xl:grid-cols-3">
        <div className="xl:col-span-2">
          {revenue.data ? <RevenueChart days={revenue.data} /> : null}
        </div>
        <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100">
          <h2 id="low-stock-heading" className="font-bold text-ink-900">
            Low stock{lowStock.data ? ` (${lowStock.data.threshold} or fewer)` : ''}
          </h2>
          {/* It scrolls and holds nothing focusable: it takes the focus itself, so the keyboard
              can scroll it too. */}
          <div
            role="region"
            aria-labelledby="low-stock-heading"
            tabIndex={0}
            className="mt-2 max-h-40 overflow-auto rounded-lg"
          >
            <ul className="divide-y divide-ink-100 text-sm">
              {lowStock.data?.items.length === 0 ? (
                <li className="py-2 text-ink-500">Nothing is running low.</li>
              ) : null}
              {lowStock.data?.items.map((item) => (
                <li
                  key={`${item.productID}-${item.variant}`}
                  className="flex justify-between gap-2 py-1.5"
                >
                  {/* A long name is cut, never the variant that is running low. */}
                  <span className="flex min-w-0 gap-1">
                    <span className="truncate">{item.name}</span>
                    {item.variant ? <span className="shrink-0">· {item.variant}</span> : null}
                  </span>
                  <Badge tone={item.stock === 0 ? 'sakura' : 'sun'}>{item.stock}</Badge>
                </li>
              ))}
            </ul>
          </div>
          <Link
            to={paths.dashboard.lowStockProducts}
            className="mt-2 inline-block rounded text-sm font-semibold text-sakura-700 hover:text-sakura-800 hover:underline"
          >
            {LOW_STOCK.viewAll}
          </Link>
        </section>
      </div>
      <DataTable
        labelledBy={pageHeadingId(TITLE)}
        filters={
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 self-start">
            <label className="flex items-center gap-2 text-sm font-semibold text-ink-800">
              <input
                type="checkbox"
                checked={shortOnly}
                onChange={(e) => setState({ page: 1, shortOnly: e.target.checked, waitingOnly })}
              />
              {ORDER_SHORT.filter}
            </label>
            <label className="flex items-center gap-2 text-sm font-semibold text-ink-800">
              <input
                type="checkbox"
                checked={waitingOnly}
                onChange={(e) => setState({ page: 1, shortOnly, waitingOnly: e.target.checked })}
              />
              {PREORDER_STAFF.waitingFilter}
            </label>
          </div>
        }
        columns={COLUMNS}
        rows={rows}
        rowKey={(o) => o._id}
        actions={editAndDelete<DashboardOrder>(
          (o) => `order ${o.orderID}`,
          setEditing,
          setDeleting,
        )}
        loading={orders.isPending || list.settling}
        error={orders.isError ? errorMessage(orders.error, DASHBOARD.fetchOrdersFailed) : null}
        emptyText={
          waitingOnly
            ? PREORDER_STAFF.noneWaiting
            : shortOnly
              ? ORDER_SHORT.none
              : DASHBOARD.noOrders
        }
        minWidth={960}
        pagination={{ page: list.page, totalPages: list.totalPages, onPageChange: setPage }}
      />
      <OrderStatusModal
        key={editing?._id ?? 'none'}
        order={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete order ${deleting?.orderID ?? ''}`}
        expected={DELETE_CONFIRM_WORD}
        label={`Type ${DELETE_CONFIRM_WORD} to delete this order`}
        check={(typed) => (typed === DELETE_CONFIRM_WORD ? null : deleteConfirmRequired('order'))}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!._id);
            toast.success(DASHBOARD.orderDeleted);
          } catch (error) {
            throw new Error(errorMessage(error, DASHBOARD.deleteError('order')), { cause: error });
          }
        }}
      />
    </div>
  );
}
