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

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
