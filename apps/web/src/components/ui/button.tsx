import type { ButtonHTMLAttributes, ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/**
 * `inverse` is the ghost button for dark surfaces (navigation bar, sidebar); `accent` a ghost
 * button in the shop's pink; `remove` a quiet ghost button that turns red, for taking something
 * out (a cart line).
 */
export type ButtonVariant =
  'primary' | 'secondary' | 'ghost' | 'accent' | 'remove' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';
/** `pill` for actions; `tile` for a choice among tiles (the payment methods). */
export type ButtonShape = 'pill' | 'tile';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 font-semibold whitespace-nowrap ' +
  'transition-[background-color,color,box-shadow,transform] duration-150 active:translate-y-px ' +
  'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-sakura-600 text-white shadow-sm shadow-sakura-900/20 hover:bg-sakura-700 active:bg-sakura-800',
  secondary:
    'bg-white text-ink-800 ring-1 ring-inset ring-ink-200 shadow-sm hover:bg-ink-50 hover:ring-ink-300',
  ghost: 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
  accent: 'text-sakura-700 hover:bg-sakura-50 hover:text-sakura-800',
  remove: 'text-ink-400 hover:bg-red-50 hover:text-red-600',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800',
  inverse: 'text-ink-100 hover:bg-white/10 hover:text-white',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
  icon: 'size-10',
};

const shapes: Record<ButtonShape, string> = { pill: 'rounded-full', tile: 'rounded-xl' };

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  shape?: ButtonShape;
}

/**
 * The classes of a button, for elements that look like one (links). `className` adds to the
 * look and must not restate what it sets (colour, size, padding, corners, shadow): which of two
 * such classes wins is the style sheet's order, not this list's.
 */
export function buttonClasses(options: ButtonLook & { className?: string } = {}): string {
  const { variant = 'primary', size = 'md', shape = 'pill', className } = options;
  return cn(base, variants[variant], sizes[size], shapes[shape], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  ref?: React.Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  shape,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button type={type} className={buttonClasses({ variant, size, shape, className })} {...props} />
  );
}

export interface ButtonLinkProps extends ComponentProps<typeof Link>, ButtonLook {}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, shape, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses({ variant, size, shape, className })} {...props} />;
}
