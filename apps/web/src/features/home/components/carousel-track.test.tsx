import { HOME_PAGE } from '@otaku/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as CatalogComponents from '../../../components/catalog';
import { createProduct } from '../../../test/catalog-factories';
import { renderWithProviders } from '../../../test/render';
import type * as HomePageShownModule from '../lib/home-page-shown';
import type * as CarouselTrackModule from './carousel-track';

/** How often a product card is drawn. */
const cardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../components/catalog', async (importOriginal) => {
  const actual = await importOriginal<typeof CatalogComponents>();
  return {
    ...actual,
    ProductCard: (props: CatalogComponents.ProductCardProps) => {
      cardRenders.count += 1;
      return actual.ProductCard(props);
    },
  };
});

/** Embla as the track sees it: events it sends, and whether it can scroll on. */
const embla = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = { canNext: false };
  const api = {
    on: (_event: string, listener: () => void) => (listeners.add(listener), api),
    off: (_event: string, listener: () => void) => (listeners.delete(listener), api),
    canScrollPrev: () => false,
    canScrollNext: () => state.canNext,
    scrollPrev: () => {},
    scrollNext: () => {},
  };
  return {
    api,
    state,
    emit: () => listeners.forEach((listener) => listener()),
    /** The element Embla was given as its viewport (it starts on it). */
    viewport: null as HTMLElement | null,
  };
});
vi.mock('embla-carousel-react', () => ({
  default: () => [(node: HTMLElement | null) => (embla.viewport = node), embla.api],
}));

let CarouselTrack: typeof CarouselTrackModule.CarouselTrack;
let HomePageShown: typeof HomePageShownModule.HomePageShown;

// The track and its context afresh, so that they take the mocks above: a file before this one
// in the worker may have loaded them with the real card and Embla (vitest.config.ts, isolate).
beforeAll(async () => {
  vi.resetModules();
  ({ CarouselTrack } = await import('./carousel-track'));
  ({ HomePageShown } = await import('../lib/home-page-shown'));
});

describe('a home carousel', () => {
  it('draws its arrows again when it slides, not its cards', async () => {
    const products = [createProduct(), createProduct(), createProduct()];
    renderWithProviders(<CarouselTrack label="Comics & Manga" products={products} />);
    const next = screen.getByRole('button', { name: HOME_PAGE.nextSlide });
    await act(async () => {});
    expect(next).toBeDisabled();
    const drawn = cardRenders.count;
    expect(drawn).toBeGreaterThanOrEqual(products.length);

    embla.state.canNext = true;
    act(() => embla.emit());
    expect(next).toBeEnabled();
    expect(cardRenders.count).toBe(drawn);
  });

  it('starts Embla only once the home page under the loading screen shows', async () => {
    const products = [createProduct(), createProduct()];
    let show = () => {};
    function Page() {
      const [shown, setShown] = useState(false);
      show = () => setShown(true);
      return (
        <HomePageShown value={shown}>
          <CarouselTrack label="Comics & Manga" products={products} />
        </HomePageShown>
      );
    }
    embla.viewport = null;
    renderWithProviders(<Page />);
    await act(async () => {});
    expect(embla.viewport).toBeNull();

    act(() => show());
    await waitFor(() => expect(embla.viewport).not.toBeNull());
    expect(embla.viewport).toBe(
      screen.getByRole('group', { name: 'Comics & Manga' }).querySelector('.overflow-hidden'),
    );
  });
});
