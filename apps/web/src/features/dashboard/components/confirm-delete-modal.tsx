import { DELETE_CONFIRM_WORD } from '@otaku/shared';
import { useState, type ReactNode } from 'react';
import { Button, FieldError, Input, Label, Modal } from '../../../components/ui';

export interface ConfirmDeleteModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children?: ReactNode;
  /** What must be typed: the product ID, or the word CONFIRM. */
  expected: string;
  label: string;
  /** The message for a wrong entry (null while it is still acceptable). */
  check: (typed: string) => string | null;
  onConfirm: () => Promise<void>;
  /** Set when deleting is refused before asking (rank rules). */
  blockedReason?: string | null;
}

/** Deletion stays disabled until the confirmation is typed exactly (spec §4, Delete modals). */
export function ConfirmDeleteModal(props: ConfirmDeleteModalProps) {
  const { open, onOpenChange, title, children, expected, label, check, onConfirm } = props;
  const [typed, setTyped] = useState('');
  const [dirty, setDirty] = useState(false);
  const [serverError, setError] = useState<string | null>(null);
  const error = serverError ?? (dirty ? check(typed.trim()) : null);
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === expected;
  const close = (next: boolean) => {
    if (!next) {
      setTyped('');
      setDirty(false);
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = async () => {
    const problem = check(typed.trim());
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await onConfirm();
      close(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
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
          <Button
            variant="danger"
            disabled={!matches || busy || Boolean(props.blockedReason)}
            onClick={() => void submit()}
          >
            {busy ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) void submit();
        }}
      >
        {children}
        {props.blockedReason ? <FieldError>{props.blockedReason}</FieldError> : null}
        <Label htmlFor="confirm-delete">{label}</Label>
        <Input
          id="confirm-delete"
          autoComplete="off"
          value={typed}
          placeholder={expected === DELETE_CONFIRM_WORD ? DELETE_CONFIRM_WORD : ''}
          disabled={Boolean(props.blockedReason)}
          invalid={Boolean(error)}
          onChange={(event) => {
            setTyped(event.target.value);
            setDirty(true);
            setError(null);
          }}
        />
        {error ? <FieldError>{error}</FieldError> : null}
      </form>
    </Modal>
  );
}
