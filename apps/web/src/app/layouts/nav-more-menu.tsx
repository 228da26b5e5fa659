import type { LucideIcon } from 'lucide-react';
import { Ellipsis } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';

export interface NavMenuLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The name of the narrow bar's menu button. */
export const MORE_PAGES = 'More pages';

/**
 * The narrow bar's menu (below md: phones and small tablets): the pages its row of icons has no
 * room for (docs/decisions/171), each with its icon and its name. A disclosure, as the WAI-ARIA
 * pattern for a site's navigation has it: a button of the bar's icon size that shows and hides
 * a list of links (Tab walks them); Escape, a click outside or a page change closes it, Escape
 * giving the focus back to the button. Written here rather than taken from a menu library: the
 * library's dropdown put about 32 KB (gzipped) into every shop page's first load.
 */
export function NavMoreMenu({ links }: { links: readonly NavMenuLink[] }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: a page change (a link of the list, or Back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={MORE_PAGES}
        title={MORE_PAGES}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={cn(
          'grid size-9 place-items-center rounded-full transition-colors hover:bg-white/8 hover:text-white sm:size-10',
          open ? 'bg-white/12 text-white' : 'text-ink-200',
        )}
      >
        <Ellipsis aria-hidden="true" className="size-5" strokeWidth={2.2} />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 min-w-48 rounded-2xl bg-ink-900 p-1.5 text-white shadow-2xl ring-1 ring-white/10"
      >
        {links.map(({ to, label, icon: Icon }) => {
          const current = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={current ? 'page' : undefined}
                onClick={() => setOpen(false)}
                className={cn(
                  'flex min-h-10 items-center gap-3 rounded-xl px-3 text-sm font-semibold hover:bg-white/10',
                  current ? 'text-sakura-300' : 'text-ink-100',
                )}
              >
                <Icon aria-hidden="true" className="size-5" strokeWidth={2.2} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
