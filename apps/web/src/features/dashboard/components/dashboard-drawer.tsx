import { PanelLeftOpen, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '../../../components/ui';
import { DashboardNav, SIDEBAR_TITLE } from './dashboard-nav';

interface DashboardDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The sidebar as a slide-in drawer on narrow screens (spec §2: at 1120 px or less). */
export function DashboardDrawer({ open, onOpenChange }: DashboardDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" aria-label="Open dashboard menu">
          <PanelLeftOpen aria-hidden="true" className="size-4" />
          Menu
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 bg-ink-900 p-5 text-white shadow-2xl data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
        >
          <div className="flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-extrabold">{SIDEBAR_TITLE}</Dialog.Title>
            <Dialog.Close
              aria-label="Close dashboard menu"
              className="grid size-9 place-items-center rounded-full text-ink-200 hover:bg-white/10 hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <DashboardNav onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
