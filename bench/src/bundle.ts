/**
 * Builds the web app with a manifest and reports the gzipped JavaScript each page loads
 * first: the entry chunk and its static imports, plus the page's lazy route chunk and its
 * static imports.
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

export interface BundleRow {
  page: string;
  kilobytes: number;
  files: number;
}

/** Page name → a path fragment of its route module (apps/web/src/features/...). */
const PAGES: Record<string, string> = {
  'home (/)': 'features/home/',
  'shop (/shop)': 'features/shop/',
  'product (/shop/:id)': 'features/product/',
  'cart (/cart)': 'features/cart/',
  'dashboard (/dashboard)': 'features/dashboard/',
};

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

  return Object.entries(PAGES).map(([page, fragment]) => {
    const routeKeys = Object.keys(manifest).filter(
      (k) => manifest[k]!.isDynamicEntry && (manifest[k]!.src ?? k).includes(fragment),
    );
    // The first route chunk of the feature is the page; later ones load on interaction.
    const files = closure(routeKeys.slice(0, 1), new Set(entryFiles));
    const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + size(f), 0);
    return { page, kilobytes: Math.round(bytes / 102.4) / 10, files: files.size };
  });
}
