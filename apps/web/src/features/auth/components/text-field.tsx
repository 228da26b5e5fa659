import { useId, type InputHTMLAttributes } from 'react';
import type { FieldError as FormFieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, FieldHint, Input, Label } from '../../../components/ui';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FormFieldError;
  hint?: string;
}

/** A labelled input with its inline error (spec §5 messages) and an optional hint. */
export function TextField({ label, registration, error, hint, ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        {...props}
        {...registration}
      />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error?.message ? <FieldError id={errorId}>{error.message}</FieldError> : null}
    </div>
  );
}
