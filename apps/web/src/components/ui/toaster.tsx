import { TOASTS } from '@otaku/shared';
import { Toaster as SonnerToaster } from 'sonner';

export type ToasterVariant = keyof typeof TOASTS;

/**
 * The toast outlet. Shopper screens: 5 s, top right, one at a time; the dashboard: 1 s, top
 * centre (spec §9). Call `toast.success(...)` / `toast.error(...)` from 'sonner' anywhere.
 */
export function Toaster({ variant }: { variant: ToasterVariant }) {
  const config = TOASTS[variant];
  return (
    <SonnerToaster
      position={config.position}
      duration={config.durationMs}
      visibleToasts={config.visibleToasts}
      closeButton
      richColors
      containerAriaLabel="Notifications"
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
