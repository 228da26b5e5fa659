import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'neutral' | 'ink' | 'sakura' | 'sun' | 'green' | 'gray';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-ink-50 text-ink-700 ring-ink-200',
  ink: 'bg-ink-800 text-white ring-ink-800',
  sakura: 'bg-sakura-50 text-sakura-700 ring-sakura-200',
  sun: 'bg-sun-100 text-sun-700 ring-sun-300',
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  gray: 'bg-gray-100 text-gray-600 ring-gray-200',
};

export type BadgeSize = 'sm' | 'md';

const sizes: Record<BadgeSize, string> = {
  sm: 'gap-1 px-2.5 py-0.5 text-xs',
  md: 'gap-1.5 px-3 py-1 text-sm',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** `md` for a badge that heads a screen (the hero, a product's category). */
  size?: BadgeSize;
}

export function Badge({ tone = 'neutral', size = 'sm', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full font-semibold ring-1 ring-inset',
        sizes[size],
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
