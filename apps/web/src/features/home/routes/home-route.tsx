import { CategorySections } from '../components/category-sections';
import { HeroBanner } from '../components/hero-banner';

/** / (spec §2). The loading screen and the image carousels come with the home work. */
export function HomeRoute() {
  return (
    <>
      <HeroBanner />
      <CategorySections />
    </>
  );
}
