import { TIMINGS } from '@otaku/shared';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

export interface SpinnerProps {
  /** Read by screen readers while the spinner shows. */
  label?: string;
  /** Wait before showing anything, so fast loads never flash a spinner (spec §9: 200 ms). */
  delayMs?: number;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-8 border-[3px]', lg: 'size-12 border-4' };

export function Spinner({
  label = 'Loading',
  delayMs = TIMINGS.spinnerDelayMs,
  size = 'md',
  className,
}: SpinnerProps) {
  const [visible, setVisible] = useState(delayMs <= 0);

  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);

  if (!visible) return null;
  return (
    <div role="status" className={cn('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'animate-spin rounded-full border-sakura-200 border-t-sakura-600',
          sizes[size],
        )}
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A spinner centred in the space of a screen that is still loading. */
export function ScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
