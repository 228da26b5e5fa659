import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';

export interface NavIconLinkProps {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Only an exact match counts as the current page (the home link). */
  end?: boolean;
  /** A number on the icon (the units in the cart); `label` should say it too. */
  badge?: string;
}

/** An icon-only navigation link with an accessible name and a tooltip. */
export function NavIconLink({ to, label, icon: Icon, end, badge }: NavIconLinkProps) {
  return (
    <NavLink
      to={to}
      end={end}
      aria-label={label}
      title={label}
      className={({ isActive }) =>
        cn(
          'relative grid size-9 place-items-center rounded-full transition-colors sm:size-10',
          isActive
            ? 'bg-white/12 text-sakura-300'
            : 'text-ink-200 hover:bg-white/8 hover:text-white',
        )
      }
    >
      {({ isActive }) => (
        <>
          <Icon aria-hidden="true" className="size-5" strokeWidth={2.2} />
          {badge ? (
            <span
              aria-hidden="true"
              data-testid="nav-badge"
              className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-sakura-500 px-1 text-[0.6875rem] leading-none font-bold text-white tabular-nums ring-2 ring-ink-950"
            >
              {badge}
            </span>
          ) : null}
          {isActive ? (
            <span aria-hidden="true" className="absolute bottom-1 size-1 rounded-full bg-sun-400" />
          ) : null}
        </>
      )}
    </NavLink>
  );
}
