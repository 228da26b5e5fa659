import { RELEASES_PAGE } from '@otaku/shared';
import { useSyncExternalStore, type ComponentType, type SVGProps } from 'react';
import { Link } from 'react-router';
import { BrandMark, InstagramIcon, XIcon, YouTubeIcon } from '../../components/ui';
import { APP_NAME } from '../../lib/brand';
import { paths } from '../../lib/paths';

// Home and Releases are real; About, Privacy and Contact are placeholders in the spec (§2)
// with no page yet.
const links = [
  { label: 'Home', to: paths.home },
  { label: RELEASES_PAGE.link, to: paths.releases },
  { label: 'About', to: paths.placeholder },
  { label: 'Privacy', to: paths.placeholder },
  { label: 'Contact', to: paths.placeholder },
] as const;

const socials: ReadonlyArray<{ name: string; icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { name: 'Instagram', icon: InstagramIcon },
  { name: 'X', icon: XIcon },
  { name: 'YouTube', icon: YouTubeIcon },
];

const neverChanges = () => () => {};
const thisYear = () => new Date().getFullYear();
/**
 * The server draws the year of its drawing. A drawn page is kept until the catalog changes
 * (decision 095), so one drawn on New Year's Eve can arrive with last year: the browser, taking
 * the page over, leaves that text as it is for the moment (null) and then puts its own year in.
 */
const yearWhileDrawn = () => (typeof window === 'undefined' ? thisYear() : null);

/** The current year, read when the footer renders rather than when the app started. */
function CurrentYear() {
  const year = useSyncExternalStore(neverChanges, thisYear, yearWhileDrawn);
  // Only while a drawn page is taken over can this differ from the markup (see above).
  return <span suppressHydrationWarning>{year ?? ''}</span>;
}

/** The footer of shopper screens (spec §2). */
export function Footer() {
  return (
    <footer className="mt-auto bg-ink-950 text-ink-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1fr_auto] md:items-center">
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2.5">
            <BrandMark />
            <span className="font-display text-lg font-extrabold text-white">{APP_NAME}</span>
          </div>
          <p className="max-w-md text-sm text-ink-300">
            Manga, apparel and collectible figures for every fandom, picked by fans and shipped with
            care.
          </p>
        </div>

        <div className="flex flex-col gap-5 md:items-end">
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
              {links.map((link) => (
                <li key={link.label}>
                  {link.to === paths.placeholder ? (
                    <a href={link.to} className="rounded hover:text-sakura-300">
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.to} className="rounded hover:text-sakura-300">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <ul className="flex gap-2" aria-label="Social media">
            {socials.map(({ name, icon: Icon }) => (
              <li key={name}>
                <a
                  href={paths.placeholder}
                  aria-label={`${APP_NAME} on ${name}`}
                  className="grid size-10 place-items-center rounded-full bg-white/5 text-ink-200 transition-colors hover:bg-sakura-600 hover:text-white"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-ink-300 sm:px-6">
          © <CurrentYear /> {APP_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
