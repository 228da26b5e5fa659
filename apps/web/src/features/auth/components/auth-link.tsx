import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';

/** An inline text link of the auth pages. */
export function AuthLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'font-semibold text-sakura-700 underline-offset-4 hover:text-sakura-800 hover:underline',
        className,
      )}
      {...props}
    />
  );
}
