import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureArtwork } from './artwork';
import { layoutTitle, renderArtworkSvg } from './artwork-svg';
import { DiskImageStore } from '../modules/media/disk-image-store';
import { productImageFiles } from '../modules/media/product-images';

const spec = {
  productId: 'TOY-ABC123',
  name: 'Kaiju <King> & "Friends"',
  category: 'toys',
  typeSlug: 'action-figure',
  caption: 'Toys · Action Figures',
  priceCents: 2999,
};

describe('renderArtworkSvg', () => {
  it('escapes the title and shows the price', () => {
    const svg = renderArtworkSvg(spec);
    for (const escaped of ['&lt;King&gt;', '&amp;', '&quot;Friends&quot;'])
      expect(svg).toContain(escaped);
    expect(svg).not.toContain('<King>');
    expect(svg).toContain('$29.99');
  });

  it('gives different products different colours', () => {
    const hue = (svg: string) => /stop-color="(hsl\([^)]*\))"/.exec(svg)?.[1];
    expect(hue(renderArtworkSvg(spec))).not.toBe(
      hue(renderArtworkSvg({ ...spec, productId: 'TOY-ABC124' })),
    );
  });
});

describe('layoutTitle', () => {
  it('keeps short titles large and long titles within three lines', () => {
    expect(layoutTitle('Sky Whale')).toEqual({ size: 60, lines: ['Sky Whale'] });
    const long = layoutTitle('Neon Samurai Deluxe Articulated Figure With Extra Long Name');
    expect(long.lines.length).toBeLessThanOrEqual(3);
    expect(long.size).toBeLessThan(60);
  });
});

describe('ensureArtwork', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('writes both WebP sizes once and skips products that have them', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'otaku-artwork-'));
    dirs.push(dir);
    expect(await ensureArtwork(new DiskImageStore(dir), [spec])).toBe(1);
    const sizes = await Promise.all(
      productImageFiles(dir, spec.productId).map((file) => sharp(file).metadata()),
    );
    expect(sizes.map((m) => [m.format, m.width, m.height])).toEqual([
      ['webp', 400, 533],
      ['webp', 800, 1067],
    ]);
    expect(await ensureArtwork(new DiskImageStore(dir), [spec])).toBe(0);
  });

  it('draws more than a flat background', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'otaku-artwork-'));
    dirs.push(dir);
    await ensureArtwork(new DiskImageStore(dir), [spec]);
    const [small] = productImageFiles(dir, spec.productId);
    const stats = await sharp(small!).stats();
    // A plain gradient has a small spread; text, outlines and the motif add strong contrast.
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(40);
  });
});
