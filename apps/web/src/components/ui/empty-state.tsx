import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  /** A hint or a way on (a button). */
  children?: ReactNode;
  className?: string;
}

/** Why a list shows nothing, under an icon, centred in the list's place. */
export function EmptyState({ icon: Icon, title, children, className }: EmptyStateProps) {
  return (
    <div
      className={cn('flex flex-col items-center justify-center gap-3 px-6 text-center', className)}
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-white text-ink-400 ring-1 ring-ink-100">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <p className="text-lg font-bold text-ink-900">{title}</p>
      {children}
    </div>
  );
}
