import { useRoutes, type RouteObject } from 'react-router';
import { paths, routePatterns } from '../lib/paths';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { AppLayout } from './layouts/app-layout';
import { ShopLayout } from './layouts/shop-layout';
import * as screens from './lazy-screens';
import { DashboardEntry } from './routes/dashboard-entry';
import { NotFoundRoute } from './routes/not-found-route';
import { ProductEntry } from './routes/product-entry';

/** Every route of spec §2. Exported so tests can mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <AppLayout />,
    children: [
      {
        element: <ShopLayout />,
        children: [
          { index: true, element: <screens.HomeScreen /> },
          { path: routePatterns.shop, element: <screens.ShopScreen /> },
          { path: routePatterns.product, element: <ProductEntry /> },
          { path: routePatterns.releases, element: <screens.ReleasesScreen /> },
          {
            element: <GuestOnly />,
            children: [
              { path: routePatterns.login, element: <screens.LoginScreen /> },
              { path: routePatterns.signup, element: <screens.SignupScreen /> },
            ],
          },
          { path: routePatterns.forgotPassword, element: <screens.ForgotPasswordScreen /> },
          { path: routePatterns.recruiter, element: <screens.RecruiterScreen /> },
          { path: routePatterns.googleAuth, element: <screens.GoogleAuthScreen /> },
          { path: routePatterns.googleAuthSuccess, element: <screens.GoogleAuthSuccessScreen /> },
          { path: routePatterns.paymentSuccess, element: <screens.PaymentSuccessScreen /> },
          { path: routePatterns.unsubscribe, element: <screens.UnsubscribeScreen /> },
          {
            element: <RequireAuth />,
            children: [
              { path: routePatterns.cart, element: <screens.CartScreen /> },
              { path: routePatterns.history, element: <screens.HistoryScreen /> },
              { path: routePatterns.order, element: <screens.OrderScreen /> },
              { path: routePatterns.wishlist, element: <screens.WishlistScreen /> },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      { path: routePatterns.dashboard, element: <DashboardEntry /> },
    ],
  },
];

/** The routed screens; sits inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
