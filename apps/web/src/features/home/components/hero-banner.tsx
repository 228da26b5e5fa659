import { HOME, HOME_PAGE, LAYOUT } from '@otaku/shared';
import { ArrowRight, BookOpen, Footprints, Shirt, Sparkles, ToyBrick } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, ButtonLink } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { SakuraPetal } from './sakura-petal';

/**
 * The banner's category tiles, each a link to its category in the shop. Each label reads at 3:1
 * or more (large text, WCAG 1.4.3) against both ends of its tile's gradient: white on the dark
 * ones, ink on the sun's (theme-contrast.test.ts; decision 171).
 */
export const HERO_TILES = [
  {
    label: 'Comics',
    category: 'comics',
    icon: BookOpen,
    tone: 'from-sakura-500 to-sakura-700',
    text: 'text-white',
    tilt: '-rotate-6',
  },
  {
    label: 'Clothes',
    category: 'clothes',
    icon: Shirt,
    tone: 'from-ink-500 to-ink-700',
    text: 'text-white',
    tilt: 'rotate-3',
  },
  {
    label: 'Shoes',
    category: 'shoes',
    icon: Footprints,
    tone: 'from-sun-400 to-sun-600',
    text: 'text-ink-950',
    tilt: '-rotate-2',
  },
  // Figures are toys, as the home page's action-figures section (DESIGN.md §4).
  {
    label: 'Figures',
    category: 'toys',
    icon: ToyBrick,
    tone: 'from-sakura-500 to-ink-600',
    text: 'text-white',
    tilt: 'rotate-6',
  },
] as const;

/** The home page's banner (spec §2: 690 px high, the tagline and Shop Now). */
export function HeroBanner() {
  return (
    <section
      aria-labelledby="hero-title"
      style={{ minHeight: LAYOUT.heroHeightPx }}
      className="relative isolate flex items-center overflow-hidden bg-ink-950 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,rgb(247_42_138/0.35),transparent_45%),radial-gradient(circle_at_85%_70%,rgb(94_81_176/0.55),transparent_50%),radial-gradient(circle_at_60%_10%,rgb(255_201_40/0.18),transparent_35%)]"
      />
      <SakuraPetal className="top-16 left-[8%] size-6 rotate-12 text-sakura-300/70" />
      <SakuraPetal className="top-1/3 right-[12%] size-8 -rotate-45 text-sakura-400/60" />
      <SakuraPetal className="bottom-24 left-[45%] size-5 rotate-90 text-sun-300/60" />
      <SakuraPetal className="right-[35%] bottom-10 size-4 rotate-45 text-sakura-200/50" />

      <div className="mx-auto grid w-full max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.15fr_1fr]">
        <div className="flex flex-col items-start gap-6">
          <Badge tone="sun" size="md">
            <Sparkles aria-hidden="true" className="size-4" />
            New arrivals every week
          </Badge>
          <h1
            id="hero-title"
            className="text-4xl leading-[1.05] font-black text-pretty sm:text-5xl lg:text-6xl"
          >
            {HOME.heroText}
          </h1>
          <p className="max-w-xl text-lg text-ink-200">
            Manga volumes, streetwear, sneakers and action figures from the series you love, all on
            one shelf.
          </p>
          <ButtonLink to={paths.shop} size="lg">
            {HOME_PAGE.shopNow}
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
        </div>

        <ul
          aria-label={HOME_PAGE.categoryTiles}
          className="mx-auto hidden w-full max-w-md grid-cols-2 gap-5 sm:grid lg:mr-0 lg:gap-6"
        >
          {HERO_TILES.map(({ label, category, icon: Icon, tone, text, tilt }) => (
            <li key={label} className={tilt}>
              <Link
                to={paths.shopCategory(category)}
                className={`flex aspect-square flex-col justify-between rounded-3xl bg-gradient-to-br p-5 shadow-2xl shadow-black/40 ring-1 ring-white/15 transition-transform hover:scale-105 ${tone} ${text}`}
              >
                <Icon aria-hidden="true" className="size-10 opacity-90" strokeWidth={1.8} />
                <span className="font-display text-2xl font-extrabold">{label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
