// First: configures Zod before @otaku/shared builds its schemas.
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { noteDrawnScreen } from './app/drawn-screen';
import { createQueryClient } from './app/query-client';
import { preloadRoute, seedFirstAnswers } from './app/route-preload';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
seedFirstAnswers(document, queryClient);
preloadRoute(window.location, queryClient);

const app = (
  <StrictMode>
    <App client={queryClient} />
  </StrictMode>
);

// A shop page comes with its first screen already drawn by the server (entry-server.tsx): the
// app takes that markup over instead of drawing it again (docs/decisions/087).
if (container.firstElementChild) {
  noteDrawnScreen(window.location.pathname, performance);
  // As a transition, hydration works in slices and lets the phone answer a touch in between.
  startTransition(() => {
    hydrateRoot(container, app, {
      // Markup that differed from the app's own is drawn again; worth knowing, never silent.
      onRecoverableError: (error, info) =>
        console.error('The page was drawn again in the browser:', error, info.componentStack),
    });
  });
} else {
  createRoot(container).render(app);
}
// The shop layout marks <html data-app="ready"> once the screen is the app's; until then
// public/start-app.js holds what the shopper does on a drawn page (React hydrates what a press
// lands on at once, but drops the press while that screen's code is still loading).
