import { TOAST_PHONE_MAX_WIDTH_PX, TOASTS } from '@otaku/shared';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('Toaster', () => {
  it('renders nothing until the first toast, then shows it and the ones after it', async () => {
    // The first toast is the first since the app loaded: load its modules afresh, since the
    // files before this one in the worker may have shown toasts (vitest.config.ts, isolate).
    vi.resetModules();
    const { toast } = await import('../../lib/toast');
    const { Toaster } = await import('./toaster');
    const { container } = render(<Toaster variant="shop" />);
    // Long enough for a loaded outlet to appear: nothing does, as no toast was asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();

    toast.success('Added to cart');
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();

    toast.dismiss();
    toast.error('Out of stock');
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
  });

  it.each(['shop', 'dashboard'] as const)(
    "puts the %s's toasts below the navigation bar, and on a phone at the bottom",
    async (variant) => {
      const { toast } = await import('../../lib/toast');
      const { Toaster } = await import('./toaster');
      const desktop = render(<Toaster variant={variant} />);
      toast.success('Saved');
      await screen.findByText('Saved');
      const list = () => screen.getByRole('region', { name: /Notifications/ }).querySelector('ol')!;
      expect(TOASTS[variant].offsetTopPx).toBeGreaterThanOrEqual(64 + 24);
      expect(list().style.getPropertyValue('--offset-top')).toBe(
        `${TOASTS[variant].offsetTopPx}px`,
      );
      expect(list()).toHaveAttribute('data-y-position', 'top');
      desktop.unmount();

      // A phone: as wide as the screen, a toast under the bar would cover the page's first
      // controls (a product's Back to Shop) for as long as it shows.
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === `(max-width: ${TOAST_PHONE_MAX_WIDTH_PX}px)`,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      render(<Toaster variant={variant} />);
      toast.success('Saved again');
      await screen.findByText('Saved again');
      expect(list()).toHaveAttribute('data-y-position', 'bottom');
    },
  );
});
