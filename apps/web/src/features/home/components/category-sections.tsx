import { HOME_PAGE, HOME_SECTIONS, type HomeSection as SectionFilter } from '@otaku/shared';
import { ArrowRight, BookOpen, Shirt, ToyBrick, type LucideIcon } from 'lucide-react';
import { ButtonLink } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { useSectionProducts } from '../api/use-section-products';
import { ProductCarousel } from './product-carousel';

interface SectionSpec {
  id: string;
  filter: SectionFilter;
  title: string;
  text: string;
  button: string;
  icon: LucideIcon;
  tone: string;
}

const SECTIONS: readonly SectionSpec[] = [
  {
    id: 'comics',
    filter: HOME_SECTIONS.comics,
    title: HOME_PAGE.comicsTitle,
    text: HOME_PAGE.comicsText,
    button: HOME_PAGE.comicsButton,
    icon: BookOpen,
    tone: 'bg-white',
  },
  {
    id: 'clothes',
    filter: HOME_SECTIONS.clothes,
    title: HOME_PAGE.clothesTitle,
    text: HOME_PAGE.clothesText,
    button: HOME_PAGE.clothesButton,
    icon: Shirt,
    tone: 'bg-sakura-50/60',
  },
  {
    id: 'action-figures',
    filter: HOME_SECTIONS.actionFigures,
    title: HOME_PAGE.figuresTitle,
    text: HOME_PAGE.figuresText,
    button: HOME_PAGE.figuresButton,
    icon: ToyBrick,
    tone: 'bg-white',
  },
];

function HomeSection({ section }: { section: SectionSpec }) {
  const { products } = useSectionProducts(section.filter);
  const Icon = section.icon;
  const titleId = `home-${section.id}-title`;
  return (
    <section aria-labelledby={titleId} className={cn('py-14 sm:py-16', section.tone)}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex items-start gap-4">
            <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-ink-900 text-white">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <div>
              <h2 id={titleId} className="text-2xl font-black text-ink-900 sm:text-3xl">
                {section.title}
              </h2>
              <p className="mt-1 text-ink-600">{section.text}</p>
            </div>
          </div>
          <ButtonLink
            to={paths.shopCategory(section.filter.category)}
            className="self-start sm:self-auto"
          >
            {section.button}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
        <ProductCarousel label={section.title} products={products} />
      </div>
    </section>
  );
}

/** Comics, clothes and action figures, each a carousel of real products (spec §2, Home). */
export function CategorySections() {
  return (
    <>
      {SECTIONS.map((section) => (
        <HomeSection key={section.id} section={section} />
      ))}
    </>
  );
}
