import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { ErrorBoundary } from './routes/error-boundary';
import { RouteError } from './routes/route-error';
import { AppRoutes } from './router';

/**
 * The whole app inside the router it is given: the same tree in the browser and on the server
 * (entry-server.tsx), so the markup the server sends is the markup the browser hydrates.
 */
export function AppFrame({
  client,
  router,
}: {
  client: QueryClient;
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <ErrorBoundary fallback={<RouteError />}>
      <AppProviders client={client}>{router(<AppRoutes />)}</AppProviders>
    </ErrorBoundary>
  );
}

const inBrowser = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

export function App({ client }: { client: QueryClient }) {
  return <AppFrame client={client} router={inBrowser} />;
}
