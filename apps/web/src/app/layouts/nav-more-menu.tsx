import type { LucideIcon } from 'lucide-react';
import { Ellipsis } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
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
 * room for (docs/decisions/171), each with its icon and its name. A menu button of the bar's icon size; Radix gives it the menu
 * roles, the arrow keys and Escape, and returns the focus to the button.
 */
export function NavMoreMenu({ links }: { links: readonly NavMenuLink[] }) {
  const { pathname } = useLocation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={MORE_PAGES}
        title={MORE_PAGES}
        className="grid size-9 place-items-center rounded-full text-ink-200 transition-colors hover:bg-white/8 hover:text-white data-[state=open]:bg-white/12 data-[state=open]:text-white sm:size-10"
      >
        <Ellipsis aria-hidden="true" className="size-5" strokeWidth={2.2} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 min-w-48 rounded-2xl bg-ink-900 p-1.5 text-white shadow-2xl ring-1 ring-white/10"
        >
          {links.map(({ to, label, icon: Icon }) => {
            const current = pathname === to || pathname.startsWith(`${to}/`);
            return (
              // A plain link: the item's slot passes it a class name, which NavLink's own
              // class function would not take.
              <DropdownMenu.Item key={to} asChild>
                <Link
                  to={to}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex min-h-10 items-center gap-3 rounded-xl px-3 text-sm font-semibold data-[highlighted]:bg-white/10',
                    current ? 'text-sakura-300' : 'text-ink-100',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" strokeWidth={2.2} />
                  {label}
                </Link>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
