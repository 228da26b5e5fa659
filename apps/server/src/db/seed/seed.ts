import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../client';

export interface SeedDeps {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/** Seeds demo data into an empty database, once. (Catalog, users, coupons and orders follow.) */
export async function seedDemoData(_deps: SeedDeps): Promise<{ seeded: boolean }> {
  return { seeded: false };
}
