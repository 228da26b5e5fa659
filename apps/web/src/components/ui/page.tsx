import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export interface PageProps extends HTMLAttributes<HTMLDivElement> {
  /** More room above and below, for a screen that is one short message (an empty history). */
  roomy?: boolean;
}

/** The centred, padded column most screens sit in. */
export function Page({ roomy = false, className, ...props }: PageProps) {
  return (
    <div
      className={cn(
        'mx-auto w-full max-w-7xl px-4 sm:px-6',
        roomy ? 'py-20' : 'py-8 sm:py-12',
        className,
      )}
      {...props}
    />
  );
}
