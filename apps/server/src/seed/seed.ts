/**
 * Demo data for an empty database (DESIGN.md §4): a catalog with generated artwork, users of
 * every role, coupons and orders. main.ts calls this at every start; it seeds at most once.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { ensureArtwork } from './artwork';
import { createImageStore } from '../modules/media/create-image-store';
import type { ImageStore } from '../modules/media/image-store';
import { productImageBase, withoutProductImages } from '../modules/media/product-images';
import type { Database } from '../db/client';
import { appMeta } from '../db/schema/meta';
import { products } from '../db/schema/products';
import { buildCatalog } from './catalog';
import { credentialsNotice, keepCredentials } from './credentials-file';
import { buildDemoData, writeDemoData, type DemoData } from './demo-data';

export interface SeedDeps {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** The app's image store; without it, one is opened from the configuration for the seed. */
  images?: ImageStore;
}

export const DEMO_SEED_KEY = 'demo-seed';

/**
 * Seeds once. The app_meta marker is inserted with ON CONFLICT DO NOTHING in the same
 * transaction as the data, so of several instances starting together on one PostgreSQL only
 * the first commits anything; the others wait on its row, see the conflict and skip. A
 * database that already has products (but no marker) belongs to someone and is left alone.
 */
export async function seedDemoData(seedDeps: SeedDeps): Promise<{ seeded: boolean }> {
  const images = seedDeps.images ?? createImageStore(seedDeps.config, seedDeps.log);
  try {
    return await seed({ ...seedDeps, images });
  } finally {
    if (!seedDeps.images) images.close();
  }
}

async function seed({
  database,
  config,
  log,
  images,
}: SeedDeps & { images: ImageStore }): Promise<{ seeded: boolean }> {
  const { db } = database;
  const now = new Date();
  const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  if (marker) {
    await restoreArtwork({ database, config, log, images }, now);
    return { seeded: false };
  }
  if ((await db.select({ id: products.id }).from(products).limit(1)).length > 0) {
    log.info('demo data not seeded: the database already has products');
    return { seeded: false };
  }

  const started = performance.now();
  const data = await buildDemoData(config, now);
  const won = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({
        key: DEMO_SEED_KEY,
        value: { seededAt: now.toISOString(), products: data.catalog.length },
      })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length === 0) return false;
    await writeDemoData(tx, data);
    return true;
  });
  if (!won) {
    log.info('demo data already seeded by another instance');
    await restoreArtwork({ database, config, log, images }, now);
    return { seeded: false };
  }

  // After the commit: if rendering fails, the next start finds the marker and renders again.
  const rendered = await ensureArtwork(
    images,
    data.catalog.map((p) => p.artwork),
  );
  log.info(
    {
      products: data.catalog.length,
      users: data.users.rows.length,
      coupons: data.coupons.length,
      orders: data.orders.orders.length,
      artworkRendered: rendered,
      ms: Math.round(performance.now() - started),
    },
    'demo data seeded',
  );
  reportCredentials(data, config, log);
  return { seeded: true };
}

/**
 * A live shop does not start on a database that was seeded as a demo: its staff account and
 * shoppers sign in with the passwords docs/demo-data.md publishes.
 */
export async function refuseDemoDatabase(database: Database): Promise<void> {
  const [marker] = await database.db
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(eq(appMeta.key, DEMO_SEED_KEY));
  if (marker) throw new DemoDatabaseError();
}

export class DemoDatabaseError extends Error {
  override name = 'DemoDatabaseError';
  constructor() {
    super(
      'A live shop does not start on a database seeded with demo data: its demo accounts have published passwords. Start from an empty database, or set DEMO_MODE=on for a public demo.',
    );
  }
}

/**
 * Says where the generated passwords are: the database keeps only their hashes, and the log
 * never holds a password (credentials-file.ts).
 */
function reportCredentials(data: DemoData, config: Config, log: FastifyBaseLogger): void {
  const { generated } = data.users;
  if (generated.length > 0) {
    const file = keepCredentials(config.dataDir, generated);
    for (const c of generated) log.warn(credentialsNotice(`DEMO ${c.role}`, c.email, file));
  }
  if (config.seedAdmin.password)
    log.info(
      `demo superAdmin account: ${data.users.superAdminEmail} (password from SEED_ADMIN_PASSWORD)`,
    );
  if (config.isProduction)
    log.warn(
      'demo shopper accounts use the public demo password (docs/demo-data.md); delete them before opening the shop',
    );
}

/**
 * Re-renders missing demo artwork, e.g. on an instance with its own DATA_DIR that shares a
 * seeded PostgreSQL, or after the uploads folder was lost. Only products that still exist and
 * still use their generated image are drawn. Costs a few file checks when nothing is missing.
 */
async function restoreArtwork(
  { database, log, images }: Omit<SeedDeps, 'images'> & { images: ImageStore },
  now: Date,
): Promise<void> {
  const catalog = buildCatalog(now);
  const lacking = await withoutProductImages(
    images,
    catalog.map((p) => p.row.id),
  );
  const missing = catalog.filter((p) => lacking.has(p.row.id));
  if (missing.length === 0) return;
  const rows = await database.db
    .select({ id: products.id, image: products.image })
    .from(products)
    .where(
      inArray(
        products.id,
        missing.map((p) => p.row.id),
      ),
    );
  const current = new Set(rows.filter((r) => r.image === productImageBase(r.id)).map((r) => r.id));
  const specs = missing.filter((p) => current.has(p.row.id)).map((p) => p.artwork);
  const rendered = await ensureArtwork(images, specs);
  if (rendered > 0) log.info({ artworkRendered: rendered }, 'demo artwork restored');
}
