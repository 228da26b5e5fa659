import { CategorySections } from '../components/category-sections';
import { HeroBanner } from '../components/hero-banner';
import { LoadingScreen } from '../components/loading-screen';
import { useHomeLoading } from '../lib/home-loading';

/**
 * / (spec §2, §4): the loading screen first; the page underneath is already mounted, so the
 * carousels fetch their products while the progress runs.
 */
export function HomeRoute() {
  const { progress, loaded } = useHomeLoading();
  return (
    <>
      {!loaded && <LoadingScreen progress={progress} />}
      <div hidden={!loaded}>
        <HeroBanner />
        <CategorySections />
      </div>
    </>
  );
}
