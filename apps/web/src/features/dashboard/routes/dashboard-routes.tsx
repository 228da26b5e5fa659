import { Route, Routes } from 'react-router';
import { ButtonLink, NotFoundPanel } from '../../../components/ui';
import { paths, routePatterns } from '../../../lib/paths';
import { DashboardLayout } from '../components/dashboard-layout';
import { CouponsPage, OrdersPage, ProductsPage, UsersPage } from './dashboard-pages';

/** /dashboard/*: the dashboard's own routes, loaded as one chunk behind the staff guard. */
export function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<ProductsPage />} />
        <Route path={routePatterns.dashboardOrders} element={<OrdersPage />} />
        <Route path={routePatterns.dashboardUsers} element={<UsersPage />} />
        <Route path={routePatterns.dashboardCoupons} element={<CouponsPage />} />
        <Route
          path="*"
          element={
            <NotFoundPanel title="No such dashboard page">
              <ButtonLink to={paths.dashboard.products}>Back to products</ButtonLink>
            </NotFoundPanel>
          }
        />
      </Route>
    </Routes>
  );
}
