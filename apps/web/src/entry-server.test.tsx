import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { firstScreen, HOME, type FirstAnswer, type FirstScreenQuery } from '@otaku/shared';
import { act, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { seedAnswers } from './app/route-preload';
import type { SessionUser } from './lib/session';
import { createProduct, productsAnswer, stubCatalogApi } from './test/catalog-factories';
import { jsonResponse, storeSession } from './test/factories';

const products = [
  createProduct({ name: 'Starfall Mecha Figure', category: 'toys', toyType: 'action-figure' }),
  createProduct({ name: 'Moonlit Archive Vol. 1' }),
];
const productUrl = `/shop/${products[1]!.productID}`;

/** The answers the server would put in the page for this address, as the API sends them. */
function answersFor(url: string): string {
  const { pathname, search } = new URL(url, 'http://localhost');
  const answer = (query: FirstScreenQuery) =>
    query.kind === 'product'
      ? { success: true, product: products.find((p) => p.productID === query.productId) }
      : productsAnswer(products, query.constraints);
  const answers: FirstAnswer[] = firstScreen(pathname, search)!.queries.map((query) => ({
    query,
    answer: answer(query),
  }));
  return JSON.stringify(answers);
}

const pages = [
  { url: '/shop', answers: answersFor('/shop') },
  {
    url: '/shop?category=toys&sort=price-low',
    answers: answersFor('/shop?category=toys&sort=price-low'),
  },
  { url: productUrl, answers: answersFor(productUrl) },
  { url: '/', answers: answersFor('/') },
  { url: '/shop?page=2', answers: null },
];
const drawn = new Map<string, string>();

/** vite-node's command, wherever its package keeps it (its `bin`). */
const viteNode = (() => {
  const manifest = createRequire(import.meta.url).resolve('vite-node/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(manifest), bin['vite-node']!);
})();

/** Markup drawn by the server's renderer, in a process of its own (test/server-render.ts). */
function drawOnServer(input: typeof pages): Promise<string[]> {
  const web = path.resolve(import.meta.dirname, '..');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'otaku-ssr-')), 'pages.json');
  writeFileSync(file, JSON.stringify(input));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [viteNode, 'src/test/server-render.ts', file],
      { cwd: web, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else if (stderr.trim()) reject(new Error(stderr));
        else resolve(JSON.parse(stdout) as string[]);
      },
    );
  });
}

beforeAll(async () => {
  const markup = await drawOnServer(pages);
  pages.forEach((page, i) => drawn.set(page.url, markup[i]!));
}, 60_000);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/**
 * Puts the server's markup where the page carries it and hydrates it with the browser's own
 * tree and seeding (main.tsx). Returns what React reported.
 */
async function hydrate(url: string, signedIn: SessionUser | null = null) {
  const { answers } = pages.find((p) => p.url === url)!;
  // Two pages, so the browser's own request for /shop?page=2 finds products.
  const api = stubCatalogApi({ products, totalPages: 2 });
  const catalog = api.fetch.getMockImplementation()!;
  api.fetch.mockImplementation((input: RequestInfo | URL, init?: RequestInit) =>
    signedIn && new URL(String(input), 'http://localhost').pathname === '/api/auth/verify'
      ? Promise.resolve(jsonResponse({ success: true, user: signedIn }))
      : catalog(input, init),
  );
  const reported: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error');
  document.body.innerHTML = `<div id="root">${drawn.get(url)}</div>`;
  window.history.replaceState(null, '', url);
  const client = createQueryClient();
  seedAnswers(client, answers);
  await act(async () => {
    root = hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <App client={client} />
      </StrictMode>,
      { onRecoverableError: (error) => reported.push(error) },
    );
  });
  // Let the screen's chunk arrive and its boundary hydrate.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return { api, reported, consoleError };
}

describe('the first screen drawn on the server', () => {
  it('draws the shop grid from the answers, with no script to run', () => {
    const markup = drawn.get('/shop')!;
    expect(markup).toContain('Starfall Mecha Figure');
    expect(markup).toContain('Moonlit Archive Vol. 1');
    expect(markup).toContain(`srcSet="${products[0]!.images.small} 400w`);
    expect(markup).not.toMatch(/<script|<template/);
  });

  it('draws a product page and the home loading screen', () => {
    expect(drawn.get(productUrl)).toContain('Moonlit Archive Vol. 1');
    expect(drawn.get('/')).toContain(HOME.loadingBanner);
  });

  it('draws the loading screen’s progress bar as indeterminate: only the app counts', () => {
    document.body.innerHTML = drawn.get('/')!;
    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).not.toHaveAttribute('aria-valuetext');
  });

  it('draws a screen whose answer did not come as the browser would before asking', () => {
    const markup = drawn.get('/shop?page=2')!;
    expect(markup).not.toContain('Starfall Mecha Figure');
    expect(markup).toContain('id="main-content"');
  });

  it.each(['/shop?category=toys&sort=price-low', productUrl, '/'])(
    'is taken over by the browser as it is: %s',
    async (url) => {
      const { api, reported, consoleError } = await hydrate(url);
      expect(reported).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      // The answers came with the page: nothing is asked again.
      expect(api.constraints).toEqual([]);
      if (url !== '/') expect(screen.getAllByText(products[1]!.name).length).toBeGreaterThan(0);
    },
  );

  it('is taken over where someone is signed in, who then sees their session', async () => {
    const user = storeSession('user');
    const { reported, consoleError } = await hydrate('/shop', user);
    expect(reported).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getAllByText(products[0]!.name).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: /logout/i })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('is taken over when its answer did not come, and the browser asks for it', async () => {
    const { api, reported, consoleError } = await hydrate('/shop?page=2');
    expect(reported).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(await screen.findAllByText(products[0]!.name)).not.toEqual([]);
    expect(api.lastConstraints()).toMatchObject({ page: 2 });
  });
});
