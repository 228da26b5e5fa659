/**
 * Builds the web app with a manifest and reports the gzipped JavaScript each page loads
 * first: the entry chunk and its static imports, plus the page's lazy route chunk and its
 * static imports. Chunks a page imports lazily (a dialog, a carousel) are not counted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './server';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export type PageKey = 'home' | 'shop' | 'product' | 'cart' | 'dashboard';

export interface BundleRow {
  key: PageKey;
  page: string;
  kilobytes: number;
  files: number;
  /** The page's own route chunk, as built. */
  routeFile: string;
  /** The files the page loads first (its route chunk among them), as built. */
  fileNames: string[];
}

/**
 * Page name → its route module, the chunk the router loads for it (apps/web/src/app/
 * lazy-screens.ts). Named exactly: a feature has other lazy chunks that are not its page.
 */
const PAGES: Array<{ key: PageKey; page: string; routeModule: string }> = [
  { key: 'home', page: 'home (/)', routeModule: 'src/features/home/routes/home-route.tsx' },
  { key: 'shop', page: 'shop (/shop)', routeModule: 'src/features/shop/routes/shop-route.tsx' },
  {
    key: 'product',
    page: 'product (/shop/:id)',
    routeModule: 'src/features/product/routes/product-route.tsx',
  },
  { key: 'cart', page: 'cart (/cart)', routeModule: 'src/features/cart/routes/cart-route.tsx' },
  {
    key: 'dashboard',
    page: 'dashboard (/dashboard)',
    routeModule: 'src/features/dashboard/routes/dashboard-routes.tsx',
  },
];

export function measureBundles(): BundleRow[] {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'otaku-bench-web-'));
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      '--manifest',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: path.join(repoRoot, 'apps/web'), stdio: 'inherit' },
  );
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const size = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;

  const closure = (keys: string[], into: Set<string>) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) continue;
      into.add(chunk.file);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const entryFiles = closure(entryKeys, new Set());

  return PAGES.map(({ key, page, routeModule }) => {
    const route = manifest[routeModule];
    if (!route?.isDynamicEntry) {
      throw new Error(`${routeModule} is not a lazily loaded chunk of the web build`);
    }
    const files = closure([routeModule], new Set(entryFiles));
    const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + size(f), 0);
    return {
      key,
      page,
      kilobytes: Math.round(bytes / 102.4) / 10,
      files: files.size,
      routeFile: route.file,
      fileNames: [...files],
    };
  });
}
