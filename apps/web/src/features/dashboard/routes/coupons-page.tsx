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
import { Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Badge, Button, Pagination } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { formatPrice } from '../../../lib/format';
import { couponKeys, useCouponStats, useCoupons, useDeleteCoupon } from '../api/coupons';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { CouponFormModal } from '../components/coupon-form-modal';
import {
  pageHeadingId,
  PageHeader,
  StatCard,
  TableState,
  tableWrap,
  td,
  tdWhole,
  th,
} from '../components/dashboard-bits';
import { ExportButton } from '../components/export-modal';
import { useDashboardState } from '../components/use-dashboard-state';
import { usePageInRange } from '../components/use-page-in-range';

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
      <div className={tableWrap}>
        <table className="w-full min-w-[640px]" aria-labelledby={pageHeadingId(TITLE)}>
          <thead className="bg-ink-50">
            <tr>
              {['Actions', 'Code', 'Discount (%)', 'Valid Until', 'Status'].map((h) => (
                <th key={h} className={th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            <TableState
              columns={5}
              loading={coupons.isPending || list.settling}
              error={
                coupons.isError ? errorMessage(coupons.error, DASHBOARD.fetchCouponsFailed) : null
              }
              empty={rows.length === 0}
              emptyText={DASHBOARD.noCoupons}
            />
            {rows.map((c) => {
              const status = couponStatus(c.expiryDate);
              return (
                <tr key={c._id}>
                  <td className={td}>
                    <div className="flex gap-1">
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Edit coupon ${c.couponCode}`}
                        onClick={() => setForm({ coupon: c })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Delete coupon ${c.couponCode}`}
                        onClick={() => setDeleting(c)}
                      >
                        <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                      </Button>
                    </div>
                  </td>
                  <td className={`${td} font-mono font-semibold`}>{c.couponCode}</td>
                  <td className={td}>{c.discountPercentage}%</td>
                  <td className={tdWhole}>{formatDashboardDate(c.expiryDate)}</td>
                  <td className={td}>
                    <Badge tone={status === 'Active' ? 'green' : 'gray'}>{status}</Badge>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={list.page} totalPages={list.totalPages} onPageChange={setPage} />
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
            throw new Error(errorMessage(error, DASHBOARD.deleteError('coupon')));
          }
        }}
      />
    </div>
  );
}
