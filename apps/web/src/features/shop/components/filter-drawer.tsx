import { SHOP } from '@otaku/shared';
import { SlidersHorizontal, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui';

export interface FilterDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Products matching the filter, for the button that closes the drawer. */
  total: number | undefined;
  children: ReactNode;
}

/**
 * The filter bar as a drawer on small screens (spec §2): opened by the filter icon, closed by
 * the close icon or Escape. Focus stays inside while it is open and returns to the icon after.
 */
export function FilterDrawer({ open, onOpenChange, total, children }: FilterDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="lg:hidden" aria-label={SHOP.openFilters}>
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {SHOP.filters}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-paper shadow-2xl data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
        >
          <div className="flex items-center justify-between border-b border-ink-100 px-5 py-4">
            <Dialog.Title className="text-lg font-extrabold text-ink-900">
              {SHOP.filters}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={SHOP.closeFilters}>
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-6">{children}</div>
          {total !== undefined && (
            <div className="border-t border-ink-100 px-5 py-4">
              <Dialog.Close asChild>
                <Button className="w-full">{SHOP.showResults(total)}</Button>
              </Dialog.Close>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
