import { isStaff, NAV, RELEASES_PAGE, WISHLIST } from '@otaku/shared';
import {
  CalendarClock,
  Heart,
  History,
  House,
  LayoutDashboard,
  LogOut,
  ShoppingCart,
  Store,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Avatar, BrandMark, Button, ButtonLink } from '../../components/ui';
import { APP_NAME } from '../../lib/brand';
import { useCart } from '../../lib/cart/cart-api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { NavIconLink } from './nav-icon-link';
import { NavMoreMenu } from './nav-more-menu';
import { useLogout } from './use-logout';

/**
 * Set on <html> by the SSR page's inline script (SIGNED_IN_HINT_SCRIPT in @otaku/shared) before
 * the first paint when the page (always rendered signed out) opens for someone the app keeps
 * signed in ('staff' for staff): until the app hydrates and shows who it is, the bar shows the
 * shapes of a signed-in bar in place of the guest's Login, and staff their dashboard's link
 * (the `signed-in-hint:` and `staff-hint:` variants of index.css; decisions 100, 146).
 */
const SIGNED_IN_HINT = 'data-signed-in';

/** The top bar of every screen (spec §2, Navigation bar). */
export function Navbar() {
  const { user } = useSession();
  const logout = useLogout();
  const units = useCartUnits();
  const staff = user ? isStaff(user.role) : false;
  // From the app's first render on, the bar shows the session itself.
  useEffect(() => document.documentElement.removeAttribute(SIGNED_IN_HINT), []);

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-950/95 text-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link
          to={paths.home}
          aria-label={`${APP_NAME} home`}
          className={cn(
            'hidden shrink-0 items-center gap-2.5 rounded-xl',
            // Staff's row holds the dashboard's icon too (spec §5): the brand gives it the room
            // below sm, and its name below md (decision 171).
            staff ? 'sm:flex' : 'min-[360px]:flex staff-hint:max-sm:hidden',
          )}
        >
          <BrandMark />
          <span
            className={cn(
              'hidden font-display text-xl font-extrabold tracking-tight',
              staff ? 'md:inline' : 'sm:inline staff-hint:max-md:hidden',
            )}
          >
            Otaku <span className="text-sakura-400">Shelf</span>
          </span>
        </Link>

        <nav aria-label="Main" className="ml-auto">
          <ul className="flex items-center gap-0.5 sm:gap-1">
            <li>
              <NavIconLink to={paths.home} label="Home" icon={House} end />
            </li>
            <li>
              <NavIconLink to={paths.shop} label="Shop" icon={Store} />
            </li>
            {/* Pages a narrow row has no room for: in the menu below md (decision 171). */}
            <li className="hidden md:block">
              <NavIconLink to={paths.releases} label={RELEASES_PAGE.link} icon={CalendarClock} />
            </li>
            <li>
              <NavIconLink
                to={paths.cart}
                label={units > 0 ? NAV.cartHolding(units) : NAV.cart}
                icon={ShoppingCart}
                badge={units > 0 ? (units > 99 ? NAV.manyUnits : String(units)) : undefined}
              />
            </li>
            <li>
              <NavIconLink to={paths.history} label="Purchase history" icon={History} />
            </li>
            {/* A guest's bar has it too, shown only on an SSR page opened by a signed-in shopper. */}
            <li className={cn('hidden', user ? 'md:block' : 'signed-in-hint:md:block')}>
              <NavIconLink to={paths.wishlist} label={WISHLIST.heading} icon={Heart} />
            </li>
            {/* Staff's at every width (spec §5). A guest's bar has it too, shown only on an SSR
                page opened by staff. */}
            {!user || staff ? (
              <li className={cn(!user && 'hidden staff-hint:block')}>
                <NavIconLink to={paths.dashboard.root} label="Dashboard" icon={LayoutDashboard} />
              </li>
            ) : null}
            <li className="md:hidden">
              <NavMoreMenu
                links={[
                  { to: paths.releases, label: RELEASES_PAGE.link, icon: CalendarClock },
                  ...(user ? [{ to: paths.wishlist, label: WISHLIST.heading, icon: Heart }] : []),
                ]}
              />
            </li>
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-2 border-l border-white/10 pl-2 sm:gap-3 sm:pl-4">
          {user ? (
            <>
              <Avatar src={user.profilePic} alt={`${user.username}'s profile picture`} />
              <span className="hidden max-w-32 truncate text-sm font-semibold text-ink-100 lg:inline">
                {user.username}
              </span>
              {/* As wide as its shape on a drawn page from sm (SessionPlaceholder): nothing moves. */}
              <Button variant="inverse" size="sm" onClick={logout} className="sm:w-26">
                <LogOut aria-hidden="true" className="size-4" />
                {/* Icon only on phones, where the bar has no room for the word. */}
                <span className="sr-only sm:not-sr-only">Logout</span>
              </Button>
            </>
          ) : (
            <>
              <ButtonLink to={paths.login} size="sm" className="signed-in-hint:hidden">
                Login
              </ButtonLink>
              <SessionPlaceholder />
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * How many units the signed-in shopper's cart holds (0 for a guest): the cached cart every cart
 * change and add to cart writes its answer to, so the count follows each change.
 */
function useCartUnits(): number {
  const { data: cart } = useCart();
  return cart?.cartItems.reduce((n, item) => n + item.itemQuantity, 0) ?? 0;
}

/**
 * The signed-in bar's shapes without their content (picture, name on wide screens, Logout),
 * shown on an SSR page in place of the guest's Login until the app that knows who is signed
 * in hydrates: the corner is not empty and the links beside it do not move when it does.
 */
function SessionPlaceholder() {
  return (
    <span
      data-session-placeholder=""
      aria-hidden="true"
      className="hidden items-center gap-2 signed-in-hint:flex sm:gap-3"
    >
      <span className="size-9 rounded-full bg-white/15" />
      <span className="hidden h-4 w-24 rounded-full bg-white/10 lg:block" />
      <span className="h-8 w-10 rounded-full bg-white/10 sm:w-26" />
    </span>
  );
}
