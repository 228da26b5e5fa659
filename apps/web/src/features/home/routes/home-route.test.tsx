import { HOME, HOME_PAGE, TIMINGS } from '@otaku/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createProduct,
  stubCatalogApi,
  type CatalogApiStub,
} from '../../../test/catalog-factories';
import { renderWithProviders } from '../../../test/render';
import type * as HeroBannerModule from '../components/hero-banner';
import type * as SsrPageModule from '../../../app/ssr-page';
import { ALMOST_READY_MS, loadingText } from '../lib/home-loading';
import type * as HomeRouteModule from './home-route';

/** How often the hero is drawn: the loading screen's steps and end must not redraw it. */
const heroRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../components/hero-banner', async (importOriginal) => {
  const actual = await importOriginal<typeof HeroBannerModule>();
  return {
    HeroBanner: () => {
      heroRenders.count += 1;
      return actual.HeroBanner();
    },
  };
});

let HomeRoute: typeof HomeRouteModule.HomeRoute;
let noteSsrPage: typeof SsrPageModule.noteSsrPage;

// The route afresh, so that it draws the counted hero above: a file before this one in the
// worker may have loaded it with the real one (vitest.config.ts, isolate). Its SSR-page record
// with it, which the route reads.
beforeAll(async () => {
  vi.resetModules();
  ({ HomeRoute } = await import('./home-route'));
  ({ noteSsrPage } = await import('../../../app/ssr-page'));
});

let api: CatalogApiStub;

beforeEach(() => {
  // index.css hides the page under the loading screen (until its end, by an animation jsdom
  // does not run); the test page has no stylesheet of its own.
  const style = document.createElement('style');
  style.textContent = '.home-loading-page { display: none; }';
  document.head.append(style);
  api = stubCatalogApi({
    products: [createProduct({ name: 'Starfall Academy' }), createProduct({ name: 'Neko Tee' })],
  });
});

afterEach(() => {
  vi.useRealTimers();
  document.head.replaceChildren();
});

describe('loadingText', () => {
  it.each([
    [0, HOME.loadingBanner],
    [24, HOME.loadingBanner],
    [25, HOME.loadingComics],
    [49, HOME.loadingComics],
    [50, HOME.loadingClothes],
    [74, HOME.loadingClothes],
    [75, HOME.loadingActionFigures],
    [99, HOME.loadingActionFigures],
    [100, HOME.almostReady],
  ])('at %i%% says %s', (progress, text) => {
    expect(loadingText(progress)).toBe(text);
  });
});

describe('HomeRoute', { timeout: 20_000 }, () => {
  it('shows the loading progress at 300, 600, 900 and 1200 ms, then says it is almost ready, then the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<HomeRoute />);
    const progress = () => screen.getByRole('progressbar', { name: 'Loading' });
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(progress()).toHaveAttribute('aria-valuetext', `0% · ${HOME.loadingBanner}`);
    expect(screen.queryByRole('heading', { name: HOME.heroText })).not.toBeInTheDocument();

    const steps = [
      [25, HOME.loadingComics],
      [50, HOME.loadingClothes],
      [75, HOME.loadingActionFigures],
    ] as const;
    let elapsed = 0;
    for (const [i, [percent, text]] of steps.entries()) {
      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.homeSectionFlagsMs[i]! - elapsed));
      elapsed = TIMINGS.homeSectionFlagsMs[i]!;
      expect(progress()).toHaveAttribute('aria-valuenow', String(percent));
      expect(progress()).toHaveAttribute('aria-valuetext', `${percent}% · ${text}`);
    }
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.homeSectionFlagsMs[3]! - elapsed));
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
    expect(progress()).toHaveAttribute('aria-valuetext', `100% · ${HOME.almostReady}`);
    expect(screen.queryByRole('heading', { name: HOME.heroText })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(ALMOST_READY_MS));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: HOME.heroText })).toBeVisible();
  });

  it("holds every step, each shown by the page's CSS from its moment to the next", () => {
    renderWithProviders(<HomeRoute />);
    // index.css shows a step between the two delays of its animations; jsdom runs none, so the
    // moments are read from the markup (the browser journeys watch the screen step).
    const shownFor = (element: HTMLElement) => element.style.animationDelay;
    const section = screen.getByRole('region', { name: 'Loading' });
    const windows = [
      ['0%', HOME.loadingBanner, '-1ms, 300ms'],
      ['25%', HOME.loadingComics, '300ms, 600ms'],
      ['50%', HOME.loadingClothes, '600ms, 900ms'],
      ['75%', HOME.loadingActionFigures, '900ms, 1200ms'],
      ['100%', HOME.almostReady, '1200ms, 1500ms'],
    ] as const;
    for (const [percent, text, delays] of windows) {
      expect(shownFor(within(section).getByText(percent))).toBe(delays);
      expect(shownFor(within(section).getByText(text))).toBe(delays);
    }
    const fills = [...screen.getByRole('progressbar').children] as HTMLElement[];
    expect(fills.map((fill) => [fill.style.width, shownFor(fill)])).toEqual([
      ['25%', '300ms, 600ms'],
      ['50%', '600ms, 900ms'],
      ['75%', '900ms, 1200ms'],
      ['100%', '1200ms, 1500ms'],
    ]);
    // The page under it is shown by an animation of its own, as the screen ends.
    const page = document.querySelector<HTMLElement>('.home-loading-page');
    expect(page?.style.animationDelay).toBe('1500ms');
    expect(section.style.animationDelay).toBe('1500ms');
  });

  it('on an SSR page, counts from its first paint, once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const paintedAt = performance.now() - 700;
    noteSsrPage('/', {
      getEntriesByName: () => [{ startTime: paintedAt } as PerformanceEntry],
      now: () => performance.now(),
    });
    const first = renderWithProviders(<HomeRoute />);
    const progress = () => screen.getByRole('progressbar', { name: 'Loading' });
    // As the server drew it, then at once where 700 ms after the paint has got to.
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(progress()).toHaveAttribute('aria-valuetext', `50% · ${HOME.loadingClothes}`);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(progress()).toHaveAttribute('aria-valuenow', '75');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
    await act(() => vi.advanceTimersByTimeAsync(ALMOST_READY_MS));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: HOME.heroText })).toBeVisible();
    first.unmount();

    // Coming back to the home page later shows the whole loading screen again.
    renderWithProviders(<HomeRoute />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.homeSectionFlagsMs[0]!));
    expect(progress()).toHaveAttribute('aria-valuenow', '25');
  });

  it('a drawn page elsewhere does not shorten the home loading screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    noteSsrPage('/shop', {
      getEntriesByName: () => [{ startTime: performance.now() - 5_000 } as PerformanceEntry],
      now: () => performance.now(),
    });
    renderWithProviders(<HomeRoute />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
  });

  it('never draws the page under the loading screen again, not even as it shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<HomeRoute />);
    const first = heroRenders.count;
    expect(first).toBeGreaterThan(0);
    let elapsed = 0;
    for (const at of TIMINGS.homeSectionFlagsMs) {
      await act(() => vi.advanceTimersByTimeAsync(at - elapsed));
      elapsed = at;
    }
    await act(() => vi.advanceTimersByTimeAsync(ALMOST_READY_MS));
    expect(screen.getByRole('heading', { name: HOME.heroText })).toBeVisible();
    // Neither a progress step nor the screen's end draws the hero and carousels again.
    expect(heroRenders.count - first).toBe(0);
  });

  it('has Shop Now and a button per section that opens its category in the shop', async () => {
    renderWithProviders(<HomeRoute />);
    await screen.findByRole('heading', { name: HOME.heroText }, { timeout: 5_000 });
    expect(screen.getByRole('link', { name: /Shop Now/ })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: /Shop Comics/ })).toHaveAttribute(
      'href',
      '/shop?category=comics',
    );
    expect(screen.getByRole('link', { name: /Shop Clothes/ })).toHaveAttribute(
      'href',
      '/shop?category=clothes',
    );
    expect(screen.getByRole('link', { name: /Shop Action Figures/ })).toHaveAttribute(
      'href',
      '/shop?category=toys',
    );
  });

  it("links the banner's category tiles to their categories in the shop", async () => {
    renderWithProviders(<HomeRoute />);
    await screen.findByRole('heading', { name: HOME.heroText }, { timeout: 5_000 });
    const tiles = within(screen.getByRole('list', { name: HOME_PAGE.categoryTiles }));
    expect(
      tiles.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Comics', '/shop?category=comics'],
      ['Clothes', '/shop?category=clothes'],
      ['Shoes', '/shop?category=shoes'],
      ['Figures', '/shop?category=toys'],
    ]);
  });

  it('fills each carousel with products of its category, the figures with action figures', async () => {
    renderWithProviders(<HomeRoute />);
    const comics = await screen.findByRole('group', { name: 'Comics & Manga' }, { timeout: 5_000 });
    expect(within(comics).getAllByRole('group', { name: /of 2$/ })).toHaveLength(2);
    expect(within(comics).getByRole('link', { name: 'Starfall Academy' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/shop\/COM-/),
    );
    expect(api.constraints.map((c) => [c.category, c.productTypes])).toEqual(
      expect.arrayContaining([
        ['comics', ['all']],
        ['clothes', ['all']],
        ['toys', ['action-figure']],
      ]),
    );
  });
});
