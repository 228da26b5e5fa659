import { Package, ReceiptText, TicketPercent, Users, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';

const items: ReadonlyArray<{ label: string; to: string; icon: LucideIcon; end?: boolean }> = [
  { label: 'Products', to: paths.dashboard.products, icon: Package, end: true },
  { label: 'Orders', to: paths.dashboard.orders, icon: ReceiptText },
  { label: 'Users', to: paths.dashboard.users, icon: Users },
  { label: 'Coupons', to: paths.dashboard.coupons, icon: TicketPercent },
];

/** The sidebar's links (spec §2, Dashboard). `onNavigate` lets the drawer close on a click. */
export function DashboardNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Dashboard">
      <ul className="flex flex-col gap-1">
        {items.map(({ label, to, icon: Icon, end }) => (
          <li key={label}>
            <NavLink
              to={to}
              end={end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-xl px-3.5 py-2.5 text-sm font-semibold transition-colors',
                  isActive
                    ? 'bg-sakura-600 text-white shadow-md shadow-sakura-900/30'
                    : 'text-ink-200 hover:bg-white/8 hover:text-white',
                )
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const SIDEBAR_TITLE = 'Admin Dashboard';
