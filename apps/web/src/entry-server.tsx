/**
 * The shop's SSR pages: the server (apps/server/src/modules/ssr-pages/ssr-pages.ts) hands
 * over the address and the first screen's catalog answers, and puts the markup returned here
 * into the page's #root; the browser then hydrates it (main.tsx) instead of drawing it after
 * its code has loaded (docs/decisions/087).
 *
 * The tree is the browser's (AppFrame) with a StaticRouter, and the answers reach the query
 * cache through the same seeding the browser uses, so both draw the same thing. Nobody is
 * signed in on the server (useSession's server snapshot), as on the browser's first render.
 */
import type { RenderFirstScreen } from '@otaku/shared';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppFrame } from './app/app';
import { createQueryClient } from './app/query-client';
import { seedAnswers } from './app/route-preload';

/** The first screen's markup for #root. Waits for the screen's code, never for the network. */
export const renderFirstScreen: RenderFirstScreen = async ({ url, answers, signal, onError }) => {
  const client = createQueryClient();
  seedAnswers(client, answers);
  const atUrl = (routes: ReactNode) => <StaticRouter location={url}>{routes}</StaticRouter>;
  try {
    const { prelude } = await prerender(<AppFrame client={client} router={atUrl} />, {
      signal,
      onError,
      // Everything inline, in order: a screen sent as a later part of the page would need an
      // inline script to move it into place, which the shop's CSP does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    return await new Response(prelude).text();
  } finally {
    client.clear();
  }
};
