import { lazy, Suspense, type ReactNode } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, shown at the bottom right. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** false keeps the dialog open on outside clicks (forms with unsaved input). */
  dismissible?: boolean;
}

const ModalDialog = lazy(() => import('./modal-dialog').then((m) => ({ default: m.ModalDialog })));

/**
 * An accessible dialog (focus trap, Escape, labelled) on Radix Dialog. Its code is fetched
 * when it first opens, so a page that only might show a dialog does not load it up front.
 */
export function Modal(props: ModalProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
