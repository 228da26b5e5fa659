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
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { registerPeriodicJob } from '../../lib/periodic';
import { isImagesUnavailable, type ImageStore } from './image-store';
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
 * (see above) or they are not this server's files. A store that cannot be reached keeps them
 * for the sweep: the save or delete that asked has already happened.
 */
export async function removeUnlessShown(
  ex: Executor,
  images: ImageStore,
  image: string,
): Promise<void> {
  const key = productImageKey(image);
  if (key === null || (await isShown(ex, image))) return;
  await removeProductImages(images, key).catch((error: unknown) => {
    if (!isImagesUnavailable(error)) throw error;
  });
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
 * names; with `dryRun`, only returns them. Anything else in the folder (or under the bucket's
 * `products/` prefix) is left alone. Several instances may sweep at once: a file another has
 * removed meanwhile is simply gone.
 */
export async function sweepProductImages(
  ex: Executor,
  images: ImageStore,
  { graceMs = IMAGE_SWEEP_GRACE_MS, dryRun = false, signal }: ImageSweepOptions = {},
): Promise<string[]> {
  const before = Date.now() - graceMs;
  const old: string[] = [];
  for await (const { key, lastModified } of images.list('products/')) {
    if (signal?.aborted) return [];
    const name = key.slice('products/'.length);
    if (!IMAGE_FILE.test(name) && !TEMP_FILE.test(name)) continue;
    if (lastModified.getTime() < before) old.push(name);
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
  if (!dryRun) await images.delete(unshown.map((name) => `products/${name}`));
  return unshown;
}

/** Sweeps the product images every hour while the app is up. */
export function registerImageSweeper(app: FastifyInstance): void {
  registerPeriodicJob(app, 'product image sweep', IMAGE_SWEEP_EVERY_MS, async (signal) => {
    const removed = await sweepProductImages(app.database.db, app.images, { signal });
    if (removed.length > 0)
      app.log.info({ files: removed.length }, 'removed unshown product images');
  });
}
