import { SHOP } from '@otaku/shared';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { Button } from '../../../components/ui';
import type { FilterDrawerProps } from './filter-drawer';

export interface FilterDrawerPanelProps extends FilterDrawerProps {
  /** The button that opened the drawer; focus goes back to it when the drawer closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The drawer itself, in its own chunk: Radix Dialog loads when the drawer first opens. */
export function FilterDrawerPanel({
  open,
  onOpenChange,
  total,
  children,
  trigger,
}: FilterDrawerPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
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
