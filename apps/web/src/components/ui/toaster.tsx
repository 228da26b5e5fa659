import { TOAST_PHONE_MAX_WIDTH_PX, TOASTS } from '@otaku/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToastLibrary, onFirstToast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/use-media-query';

export type ToasterVariant = keyof typeof TOASTS;

const SonnerToaster = lazy(() =>
  loadToastLibrary().then((sonner) => ({ default: sonner.Toaster })),
);

const PHONE = `(max-width: ${TOAST_PHONE_MAX_WIDTH_PX}px)`;

/**
 * The toast outlet. Shopper screens: 5 s, top right, one at a time; the dashboard: 1 s, top
 * centre (spec §9), below the navigation bar. On a phone, at the bottom: a toast as wide as the
 * screen would cover the page's first controls under the bar. Call `toast.success(...)` /
 * `toast.error(...)` from lib/toast anywhere. Nothing is rendered, and the toast library is not
 * fetched, until the first toast.
 */
export function Toaster({ variant }: { variant: ToasterVariant }) {
  const [needed, setNeeded] = useState(false);
  const phone = useMediaQuery(PHONE);
  useEffect(() => onFirstToast(() => setNeeded(true)), []);
  if (!needed) return null;
  const config = TOASTS[variant];
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={phone ? 'bottom-center' : config.position}
        duration={config.durationMs}
        visibleToasts={config.visibleToasts}
        // Below the navigation bar, so no toast covers its buttons.
        offset={{ top: config.offsetTopPx }}
        closeButton
        richColors
        containerAriaLabel="Notifications"
        toastOptions={{ className: 'font-sans' }}
      />
    </Suspense>
  );
}
