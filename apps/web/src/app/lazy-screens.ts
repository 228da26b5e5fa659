/**
 * Every screen is its own chunk, requested when first shown. The dashboard chunk is only
 * requested after the staff guard lets a visitor in, so shoppers never download it.
 */
import { lazy } from 'react';

/** The shop pages' chunks, also requested by `preloadRoute` before the first render. */
export const loadHome = () => import('../features/home/routes/home-route');
export const loadShop = () => import('../features/shop/routes/shop-route');
export const loadProduct = () => import('../features/product/routes/product-route');

export const HomeScreen = lazy(() => loadHome().then((m) => ({ default: m.HomeRoute })));
export const ShopScreen = lazy(() => loadShop().then((m) => ({ default: m.ShopRoute })));
export const ProductScreen = lazy(() => loadProduct().then((m) => ({ default: m.ProductRoute })));
export const ReleasesScreen = lazy(() =>
  import('../features/releases/routes/releases-route').then((m) => ({ default: m.ReleasesRoute })),
);
export const LoginScreen = lazy(() =>
  import('../features/auth/routes/login-route').then((m) => ({ default: m.LoginRoute })),
);
export const SignupScreen = lazy(() =>
  import('../features/auth/routes/signup-route').then((m) => ({ default: m.SignupRoute })),
);
export const ForgotPasswordScreen = lazy(() =>
  import('../features/auth/routes/forgot-password-route').then((m) => ({
    default: m.ForgotPasswordRoute,
  })),
);
export const RecruiterScreen = lazy(() =>
  import('../features/auth/routes/recruiter-route').then((m) => ({ default: m.RecruiterRoute })),
);
export const GoogleAuthScreen = lazy(() =>
  import('../features/auth/routes/google-auth-route').then((m) => ({
    default: m.GoogleAuthRoute,
  })),
);
export const GoogleAuthSuccessScreen = lazy(() =>
  import('../features/auth/routes/google-auth-success-route').then((m) => ({
    default: m.GoogleAuthSuccessRoute,
  })),
);
export const CartScreen = lazy(() =>
  import('../features/cart/routes/cart-route').then((m) => ({ default: m.CartRoute })),
);
export const PaymentSuccessScreen = lazy(() =>
  import('../features/cart/routes/payment-success-route').then((m) => ({
    default: m.PaymentSuccessRoute,
  })),
);
export const HistoryScreen = lazy(() =>
  import('../features/history/routes/history-route').then((m) => ({ default: m.HistoryRoute })),
);
export const OrderScreen = lazy(() =>
  import('../features/history/routes/order-route').then((m) => ({ default: m.OrderRoute })),
);
export const DashboardScreen = lazy(() =>
  import('../features/dashboard/routes/dashboard-routes').then((m) => ({
    default: m.DashboardRoutes,
  })),
);
export const WishlistScreen = lazy(() =>
  import('../features/wishlist/routes/wishlist-route').then((m) => ({ default: m.WishlistRoute })),
);
export const UnsubscribeScreen = lazy(() =>
  import('../features/wishlist/routes/unsubscribe-route').then((m) => ({
    default: m.UnsubscribeRoute,
  })),
);
