import { PAGE_TITLES } from '@otaku/shared';
import { memo, useRef } from 'react';
import { CategorySections } from '../components/category-sections';
import { HeroBanner } from '../components/hero-banner';
import { LoadingScreen } from '../components/loading-screen';
import { loadingEndStyle, useHomeLoading } from '../lib/home-loading';
import { HomePageShown } from '../lib/home-page-shown';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * The hero and the three carousels, one element for the page's life: when the loading screen
 * ends only their wrapper changes, and React leaves them as they are instead of drawing them
 * again (a long task on a slow phone, just as the hero shows).
 */
const PAGE_CONTENT = (
  <>
    <HeroBanner />
    <CategorySections />
  </>
);

/**
 * The page under the loading screen. Memoized: each progress step re-renders the loading
 * screen only, not the hero and three carousels, whose render is a long task on a slow phone
 * (docs/decisions/082). On an SSR page its own animation shows it, counted from when the
 * browser first styled it, which can be a frame or more after the screen when the page arrives
 * in pieces.
 */
const HomePage = memo(function HomePage({ loading }: { loading: boolean }) {
  return (
    <div
      className={loading ? 'home-loading-page' : undefined}
      style={loading ? loadingEndStyle : undefined}
    >
      {PAGE_CONTENT}
    </div>
  );
});

/**
 * / (spec §2, §4): the loading screen first; the page underneath is already mounted, so the
 * carousels fetch their products while the progress runs.
 */
export function HomeRoute() {
  usePageTitle(PAGE_TITLES.home);
  const screen = useRef<HTMLElement>(null);
  const { progress, loaded } = useHomeLoading(screen);
  return (
    <>
      {!loaded && <LoadingScreen ref={screen} progress={progress} />}
      <HomePageShown value={loaded}>
        <HomePage loading={!loaded} />
      </HomePageShown>
    </>
  );
}
