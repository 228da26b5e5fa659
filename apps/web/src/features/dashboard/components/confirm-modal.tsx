import { useState, type ReactNode } from 'react';
import { Button, FieldError, Modal } from '../../../components/ui';

export interface ConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, naming what will happen. */
  title: string;
  /** What it does and to whom, and any field the answer needs. */
  children: ReactNode;
  /** The confirming button's words: the same as the button that asked. */
  action: string;
  /** Its words while the action runs. */
  busyAction?: string;
  variant?: 'primary' | 'danger';
  /** Keeps the action from being taken (a confirmation not typed yet, a refusal). */
  disabled?: boolean;
  /** Does it; a thrown Error's message is the failure, and the dialog stays open. */
  onConfirm: () => Promise<void>;
  /** Takes the failure to show it by a field; without it the dialog shows it last. */
  onFailure?: (message: string) => void;
}

/**
 * Asks before the dashboard does what it cannot take back: a question, what it does and to
 * whom, Cancel and the action. A failure is shown in the dialog, which closes once the action
 * is done. The delete dialogs add a typed confirmation (confirm-delete-modal.tsx); sending an
 * order's e-mail again asks with this alone (decision 119).
 */
export function ConfirmModal({
  open,
  onOpenChange,
  title,
  children,
  action,
  busyAction = action,
  variant = 'primary',
  disabled = false,
  onConfirm,
  onFailure,
}: ConfirmModalProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = (next: boolean) => {
    if (!next) setFailure(null);
    onOpenChange(next);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      close(false);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (onFailure) onFailure(message);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant={variant} disabled={disabled || busy} onClick={() => void confirm()}>
            {busy ? busyAction : action}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3 text-sm text-ink-600"
        onSubmit={(event) => {
          event.preventDefault();
          if (!disabled && !busy) void confirm();
        }}
      >
        {children}
        {failure ? <FieldError>{failure}</FieldError> : null}
      </form>
    </Modal>
  );
}
