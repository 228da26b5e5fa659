import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadRoute, seedFirstAnswers } from './app/route-preload';
import { noteSsrPage } from './app/ssr-page';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
seedFirstAnswers(document, queryClient);
const screenCode = preloadRoute(window.location, queryClient);

const app = (
  <StrictMode>
    <App client={queryClient} />
  </StrictMode>
);

// An SSR page (home, shop, product) arrives with its first screen rendered by the server
// (entry-server.tsx): the app hydrates that markup as soon as it runs (docs/decisions/087,
// 146). The screen's code comes first (the page preloads it beside this entry), so hydration
// does not stop at the screen's lazy boundary to wait for it. The shop layout then marks
// <html data-app="ready"> (the browser journeys wait for it).
if (container.firstElementChild) {
  document.documentElement.dataset.app = 'hydrating';
  noteSsrPage(window.location.pathname, performance);
  void screenCode.then(() => {
    // As a transition, hydration works in slices and lets the phone answer a touch in between.
    startTransition(() => {
      hydrateRoot(container, app, {
        // Markup that differed from the app's own is rendered again; worth knowing, never silent.
        onRecoverableError: (error, info) =>
          console.error('The page was rendered again in the browser:', error, info.componentStack),
      });
    });
  });
} else {
  createRoot(container).render(app);
}
