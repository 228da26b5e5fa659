import { cn } from '../../../lib/cn';

/** A single falling petal, drawn for decoration only. */
export function SakuraPetal({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn('absolute', className)}>
      <path
        d="M12 2c3.6 2.6 6 6.2 6 10.2A6 6 0 0 1 12 22a6 6 0 0 1-6-9.8C6 8.2 8.4 4.6 12 2Zm0 0 1.4 3.2L12 4.6l-1.4.6Z"
        fill="currentColor"
      />
    </svg>
  );
}
