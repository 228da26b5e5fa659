import { DELETE_CONFIRM_WORD } from '@otaku/shared';
import { useState, type ReactNode } from 'react';
import { FieldError, Input, Label } from '../../../components/ui';
import { ConfirmModal } from './confirm-modal';

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
  const close = (next: boolean) => {
    if (!next) {
      setTyped('');
      setDirty(false);
      setError(null);
    }
    onOpenChange(next);
  };
  return (
    <ConfirmModal
      open={open}
      onOpenChange={close}
      title={title}
      action="Delete"
      busyAction="Deleting…"
      variant="danger"
      disabled={typed.trim() !== expected || Boolean(props.blockedReason)}
      onConfirm={onConfirm}
      onFailure={setError}
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
    </ConfirmModal>
  );
}
