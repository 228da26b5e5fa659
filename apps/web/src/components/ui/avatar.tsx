import { useState } from 'react';
import defaultAvatar from '../../assets/default-avatar.svg';
import { cn } from '../../lib/cn';

export interface AvatarProps {
  src?: string | null;
  alt: string;
  className?: string;
}

/** A round profile picture that falls back to the bundled default when absent or broken. */
export function Avatar({ src, alt, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : defaultAvatar;
  return (
    <img
      src={usable}
      alt={alt}
      // Google-hosted pictures refuse some referrers; the picture is public anyway.
      referrerPolicy="no-referrer"
      onError={() => {
        if (src && usable === src) setFailedSrc(src);
      }}
      className={cn(
        'size-9 shrink-0 rounded-full bg-ink-100 object-cover ring-2 ring-white/80',
        className,
      )}
    />
  );
}
