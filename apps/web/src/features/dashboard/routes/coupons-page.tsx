/** Dashboard › Coupons (spec §2): stats, the table with a derived status, create/edit/delete. */
import {
  couponStatus,
  DASHBOARD,
  DELETE_CONFIRM_WORD,
  deleteConfirmRequired,
  formatDashboardDate,
  type DashboardCoupon,
} from '@otaku/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Badge, Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { formatPrice } from '../../../lib/format';
import { couponKeys, useCouponStats, useCoupons, useDeleteCoupon } from '../api/coupons';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { CouponFormModal } from '../components/coupon-form-modal';
import { pageHeadingId, PageHeader, StatCard } from '../components/dashboard-bits';
import { DataTable, type Column } from '../components/data-table';
import { ExportButton } from '../components/export-modal';
import { editAndDelete } from '../components/row-actions';
import { useDashboardState } from '../components/use-dashboard-state';
import { usePageInRange } from '../components/use-page-in-range';

const COLUMNS: Column<DashboardCoupon>[] = [
  { header: 'Code', className: 'font-mono font-semibold', cell: (c) => c.couponCode },
  { header: 'Discount (%)', cell: (c) => `${c.discountPercentage}%` },
  { header: 'Valid Until', whole: true, cell: (c) => formatDashboardDate(c.expiryDate) },
  {
    header: 'Status',
    cell: (c) => {
      const status = couponStatus(c.expiryDate);
      return <Badge tone={status === 'Active' ? 'green' : 'gray'}>{status}</Badge>;
    },
  },
];

/** The page's heading, which also names its table. */
const TITLE = 'Coupons';

export function CouponsPage() {
  const pageState = useDashboardState('coupons', { page: 1 });
  const [{ page }, setState] = pageState;
  const setPage = (next: number) => setState({ page: next });
  const [form, setForm] = useState<{ coupon: DashboardCoupon | null } | null>(null);
  const [deleting, setDeleting] = useState<DashboardCoupon | null>(null);
  const client = useQueryClient();
  const coupons = useCoupons(page);
  const stats = useCouponStats();
  const remove = useDeleteCoupon();
  const rows = coupons.data?.allCoupons ?? [];
  const list = usePageInRange(pageState, coupons, rows.length);
  // A failed stats call shows zeros (spec §8).
  const s = stats.data ?? { activeCoupons: 0, totalUsage: 0, totalDiscount: 0 };

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={TITLE}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => void client.invalidateQueries({ queryKey: couponKeys.stats })}
            >
              <RefreshCw aria-hidden="true" className="size-4" /> Refresh Stats
            </Button>
            <ExportButton type="coupons" />
            <Button onClick={() => setForm({ coupon: null })}>
              <Plus aria-hidden="true" className="size-4" /> Create Coupon
            </Button>
          </>
        }
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard
          label="Active Coupons"
          value={s.activeCoupons}
          tone="border-l-4 border-emerald-400"
        />
        <StatCard label="Total Usage" value={s.totalUsage} tone="border-l-4 border-sakura-400" />
        <StatCard
          label="Total Discount"
          value={formatPrice(s.totalDiscount)}
          tone="border-l-4 border-sun-400"
        />
      </div>
      <DataTable
        labelledBy={pageHeadingId(TITLE)}
        columns={COLUMNS}
        rows={rows}
        rowKey={(c) => c._id}
        actions={editAndDelete<DashboardCoupon>(
          (c) => `coupon ${c.couponCode}`,
          (c) => setForm({ coupon: c }),
          setDeleting,
        )}
        loading={coupons.isPending || list.settling}
        error={coupons.isError ? errorMessage(coupons.error, DASHBOARD.fetchCouponsFailed) : null}
        emptyText={DASHBOARD.noCoupons}
        minWidth={640}
        pagination={{ page: list.page, totalPages: list.totalPages, onPageChange: setPage }}
      />
      <CouponFormModal
        key={form ? (form.coupon?._id ?? 'new') : 'closed'}
        open={form !== null}
        coupon={form?.coupon ?? null}
        onClose={() => setForm(null)}
      />
      <ConfirmDeleteModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete coupon ${deleting?.couponCode ?? ''}`}
        expected={DELETE_CONFIRM_WORD}
        label={`Type ${DELETE_CONFIRM_WORD} to delete this coupon`}
        check={(typed) => (typed === DELETE_CONFIRM_WORD ? null : deleteConfirmRequired('coupon'))}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!._id);
            toast.success(DASHBOARD.couponDeleted);
          } catch (error) {
            throw new Error(errorMessage(error, DASHBOARD.deleteError('coupon')), { cause: error });
          }
        }}
      />
    </div>
  );
}
