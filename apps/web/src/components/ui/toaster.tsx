import { TOASTS } from '@otaku/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToastLibrary, onFirstToast } from '../../lib/toast';

export type ToasterVariant = keyof typeof TOASTS;

const SonnerToaster = lazy(() =>
  loadToastLibrary().then((sonner) => ({ default: sonner.Toaster })),
);

/**
 * The toast outlet. Shopper screens: 5 s, top right, one at a time; the dashboard: 1 s, top
 * centre (spec §9). Call `toast.success(...)` / `toast.error(...)` from lib/toast anywhere.
 * Nothing is rendered, and the toast library is not fetched, until the first toast.
 */
export function Toaster({ variant }: { variant: ToasterVariant }) {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setNeeded(true)), []);
  if (!needed) return null;
  const config = TOASTS[variant];
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={config.position}
        duration={config.durationMs}
        visibleToasts={config.visibleToasts}
        // Below the navigation bar, on phones too, so no toast covers its buttons.
        offset={{ top: config.offsetTopPx }}
        mobileOffset={{ top: config.offsetTopPx }}
        closeButton
        richColors
        containerAriaLabel="Notifications"
        toastOptions={{ className: 'font-sans' }}
      />
    </Suspense>
  );
}
