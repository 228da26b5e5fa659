import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** The centred, padded column most screens sit in. */
export function Page({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12', className)}
      {...props}
    />
  );
}
