import type { InputHTMLAttributes, LabelHTMLAttributes, HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: React.Ref<HTMLInputElement>;
}

export function Input({ invalid, className, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(
        'h-11 w-full rounded-xl bg-white px-3.5 text-sm text-ink-900 shadow-sm ring-1 ring-inset ring-ink-200',
        'placeholder:text-ink-300 focus-visible:ring-2 focus-visible:ring-sakura-500 focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:bg-ink-50 disabled:text-ink-400',
        'aria-invalid:ring-2 aria-invalid:ring-red-500',
        // The red ring of a field in error stays when it is focused: the focus shows outside it.
        'aria-invalid:focus-visible:outline-2 aria-invalid:focus-visible:outline-solid aria-invalid:focus-visible:outline-offset-2 aria-invalid:focus-visible:outline-sakura-500',
        className,
      )}
      {...props}
    />
  );
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-sm font-semibold text-ink-800', className)} {...props} />;
}

/** An inline validation message under a field; link it with aria-describedby. */
export function FieldError({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return (
    <p role="alert" className={cn('text-sm font-medium text-red-600', className)} {...props} />
  );
}

export function FieldHint({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-xs text-ink-500', className)} {...props} />;
}
