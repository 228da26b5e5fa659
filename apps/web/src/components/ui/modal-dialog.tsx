import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef } from 'react';
import { cn } from '../../lib/cn';
import { noteOpener, returnFocus, type Opener } from './focus-return';
import type { ModalProps } from './modal';

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' };

/** The dialog behind Modal, in its own chunk: Radix Dialog loads when a dialog first opens. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
}: ModalProps) {
  // The dialogs open from buttons of their pages rather than a Dialog.Trigger, so Radix has
  // nothing to return the focus to: the dialog keeps what had it as it opened, and where.
  const opener = useRef<Opener>({ control: null, place: null });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          // Radix links a Description by itself; without one, say so explicitly.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onPointerDownOutside={(event) => !dismissible && event.preventDefault()}
          onOpenAutoFocus={() => (opener.current = noteOpener())}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(opener.current);
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl bg-white shadow-2xl ring-1 ring-ink-100 data-[state=open]:animate-pop-in',
            widths[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-ink-100 px-6 py-4">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-lg font-bold text-ink-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-ink-500">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mr-2 rounded-full p-2 text-ink-400 hover:bg-ink-50 hover:text-ink-700"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {/* Scrolling to a focused field leaves room for its focus ring (WCAG 2.4.7). */}
          <div className="scroll-py-2 overflow-y-auto px-6 py-5">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-ink-100 px-6 py-4">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
