import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { preloadRoute, seedFirstAnswers } from './route-preload';
import { ErrorBoundary } from './routes/error-boundary';
import { RouteError } from './routes/route-error';
import { AppRoutes } from './router';

const queryClient = createQueryClient();
seedFirstAnswers(document, queryClient);
preloadRoute(window.location, queryClient);

export function App() {
  return (
    <ErrorBoundary fallback={<RouteError />}>
      <AppProviders client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </ErrorBoundary>
  );
}
