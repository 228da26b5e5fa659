import type { Category } from '@otaku/shared';
import { ArrowRight, BookOpen, Shirt, ToyBrick, type LucideIcon } from 'lucide-react';
import { ButtonLink } from '../../../components/ui';
import { paths } from '../../../lib/paths';

interface Section {
  category: Category;
  title: string;
  blurb: string;
  action: string;
  icon: LucideIcon;
  accent: string;
}

// The action-figures section opens the toys category (DESIGN.md §4).
const sections: readonly Section[] = [
  {
    category: 'comics',
    title: 'Comics',
    blurb: 'Manga and graphic novels, from first volumes to the latest arcs.',
    action: 'Shop comics',
    icon: BookOpen,
    accent: 'bg-sakura-100 text-sakura-700',
  },
  {
    category: 'clothes',
    title: 'Clothes',
    blurb: 'T-shirts, jackets and pants that wear your fandom on the sleeve.',
    action: 'Shop clothes',
    icon: Shirt,
    accent: 'bg-ink-100 text-ink-700',
  },
  {
    category: 'toys',
    title: 'Action figures',
    blurb: 'Poseable heroes, dolls and cars for the display shelf.',
    action: 'Shop figures',
    icon: ToyBrick,
    accent: 'bg-sun-100 text-sun-700',
  },
];

/** The home page's sections, each opening the shop on its category (spec §2, Home). */
export function CategorySections() {
  return (
    <section
      aria-labelledby="sections-title"
      className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6"
    >
      <h2 id="sections-title" className="text-3xl font-extrabold text-ink-900">
        Shop by category
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {sections.map(({ category, title, blurb, action, icon: Icon, accent }) => (
          <li
            key={category}
            className="flex flex-col gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-100"
          >
            <span className={`grid size-12 place-items-center rounded-2xl ${accent}`}>
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="text-xl font-bold text-ink-900">{title}</h3>
            <p className="flex-1 text-ink-600">{blurb}</p>
            <ButtonLink
              to={paths.shopCategory(category)}
              variant="secondary"
              className="self-start"
            >
              {action}
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
