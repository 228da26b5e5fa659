import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { DEMO_SHOP } from '../../packages/shared/src/messages';

// The API server (apps/server) listens on 3000 in development; the dev server forwards to it so
// the app always talks to its own origin, exactly as in production.
const apiServer = 'http://localhost:3000';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), demoBannerInDevelopment()],
  // React Router's package names only its development build in its exports, whatever the mode
  // (remix-run/react-router#14102); a build takes its production build, which differs in
  // leaving out the development warnings. Both entry points, so that it is one copy.
  resolve: command === 'build' ? { alias: reactRouterProduction() } : {},
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/uploads': { target: apiServer, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    // The server entry (`--ssr src/entry-server.tsx --outDir dist-server`) is read by the server
    // alone: no public files or manifest beside it.
    copyPublicDir: !isSsrBuild,
    assetsDir: 'assets',
    // dist/.vite/manifest.json: the server reads which chunks each screen needs, to name them in
    // the page it sends (apps/server/src/modules/ssr-pages/ssr-pages.ts).
    manifest: !isSsrBuild,
    target: 'es2022',
    // Keep images as files: the CSP allows data: URLs, but a cacheable hashed file is cheaper.
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every module the entry imports before it runs goes into the entry's own file. Left
            // to itself the bundler split them into four (React, the class-name helper, the
            // shared UI, the entry), because the screens' chunks import them too: three more
            // requests on every first load, each a round trip before the app can start
            // (docs/decisions/183). Nothing else moves: every page loaded all four already.
            { name: 'index', tags: ['$initial'] },
            // What the screens share beyond it, in one file rather than a file for each piece
            // (the product card, the wishlist's calls, the checkout's messages, an icon of 184
            // bytes…): the shop page named eight scripts and a product page ten, each a request
            // before the screen could start on a phone (docs/decisions/186).
            { name: 'storefront', minShareCount: 2, test: STOREFRONT_SHARED },
          ],
        },
      },
      onwarn(warning, warn) {
        // zod's sources carry purity comments Rollup cannot place; harmless, and not ours.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
}));

/**
 * The screens' shared building blocks: the app's helpers and catalog components, the shared
 * package's messages, the icons. Not the forms' schemas: zod stays with the forms that need
 * it. What these import comes along (the wishlist's calls bring React Query's mutations).
 */
const STOREFRONT_SHARED =
  /apps[\\/]web[\\/]src[\\/](lib|components[\\/]catalog)[\\/]|packages[\\/]shared[\\/]src[\\/][\w-]*messages\.ts$|lucide-react[\\/].*[\\/]icons[\\/]/;

/** Vite aliases sending React Router's entry points to its production build. */
function reactRouterProduction() {
  const require = createRequire(import.meta.url);
  const dist = path.join(
    path.dirname(require.resolve('react-router/package.json')),
    'dist',
    'production',
  );
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

/**
 * The development server is always a demo shop: its pages carry the note the server writes
 * into a demo's pages (apps/server/src/plugins/web-app.ts, withDemoBanner).
 */
function demoBannerInDevelopment(): Plugin {
  return {
    name: 'otaku-demo-banner',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        {
          tag: 'aside',
          attrs: { class: 'demo-banner', 'aria-label': 'Demo notice' },
          children: DEMO_SHOP.banner,
          injectTo: 'body-prepend',
        },
      ],
    },
  };
}
