/**
 * Product image files nobody shows any more. A product's files are kept while the product, an
 * order line or a card checkout's snapshot names them: an order shows what was bought as it
 * looked then, after the product's picture has changed or the product is gone. Saving a new
 * picture or deleting a product removes the old files at once when nothing else names them;
 * the sweep, run every hour, removes the rest: files kept for orders or checkouts since
 * deleted, files left by a save killed between writing them and recording them, and
 * half-written temporary files. A file younger than the grace period is never touched: it may
 * be one a save in progress, on this instance or another, has written and not yet recorded.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { registerPeriodicJob } from '../../lib/periodic';
import { productImageBase, productImageKey, removeProductImages } from './product-images';

const IMAGE_SWEEP_EVERY_MS = 60 * 60 * 1000;
const IMAGE_SWEEP_GRACE_MS = 60 * 60 * 1000;

/** Every image base something still shows, once per naming row. */
const shownImages = sql`(
  select image from products
  union all select product_image from order_lines
  union all select item ->> 'image'
    from checkout_snapshots s cross join lateral jsonb_array_elements(s.items) item
) as shown(image)`;

/** Whether a product, an order line or a checkout snapshot names the image base. */
async function isShown(ex: Executor, base: string): Promise<boolean> {
  const [row] = rowsOf<{ shown: boolean }>(
    await ex.execute(
      sql`select exists (select 1 from ${shownImages} where shown.image = ${base}) as shown`,
    ),
  );
  return row?.shown === true;
}

/**
 * Removes the files of an image base (`products.image`), unless something still shows them
 * (see above) or they are not this server's files.
 */
export async function removeUnlessShown(
  ex: Executor,
  uploadsDir: string,
  image: string,
): Promise<void> {
  const key = productImageKey(image);
  if (key === null || (await isShown(ex, image))) return;
  await removeProductImages(uploadsDir, key);
}

/** One size of a stored image (`<key>-400.webp`), and a size being written beside it. */
const IMAGE_FILE = /^([A-Za-z0-9-]+)-(?:400|800)\.webp$/;
const TEMP_FILE = /^[A-Za-z0-9-]+-(?:400|800)\.webp\.[0-9a-f]{8}\.tmp$/;

export interface ImageSweepOptions {
  graceMs?: number;
  dryRun?: boolean;
  /** Aborted when the app closes: the sweep stops where it is and removes nothing more. */
  signal?: AbortSignal;
}

/**
 * Removes the product image files older than `graceMs` that nothing shows, and returns their
 * names; with `dryRun`, only returns them. Anything else in the folder is left alone.
 */
export async function sweepProductImages(
  ex: Executor,
  uploadsDir: string,
  { graceMs = IMAGE_SWEEP_GRACE_MS, dryRun = false, signal }: ImageSweepOptions = {},
): Promise<string[]> {
  const dir = path.join(uploadsDir, 'products');
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const before = Date.now() - graceMs;
  const old: string[] = [];
  for (const name of names) {
    if (signal?.aborted) return [];
    if (!IMAGE_FILE.test(name) && !TEMP_FILE.test(name)) continue;
    // A file removed meanwhile (by another instance's sweep) is simply no longer there.
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && info.mtimeMs < before) old.push(name);
  }
  if (old.length === 0 || signal?.aborted) return [];
  const shown = new Set(
    rowsOf<{ image: string }>(
      await ex.execute(sql`select distinct shown.image from ${shownImages}`),
    ).map((row) => row.image),
  );
  const unshown = old.filter((name) => {
    const key = IMAGE_FILE.exec(name)?.[1];
    return key === undefined || !shown.has(productImageBase(key));
  });
  if (signal?.aborted) return [];
  if (!dryRun) await Promise.all(unshown.map((name) => rm(path.join(dir, name), { force: true })));
  return unshown;
}

/** Sweeps the product images every hour while the app is up. */
export function registerImageSweeper(app: FastifyInstance): void {
  registerPeriodicJob(app, 'product image sweep', IMAGE_SWEEP_EVERY_MS, async (signal) => {
    const removed = await sweepProductImages(app.database.db, app.config.uploadsDir, { signal });
    if (removed.length > 0)
      app.log.info({ files: removed.length }, 'removed unshown product images');
  });
}
