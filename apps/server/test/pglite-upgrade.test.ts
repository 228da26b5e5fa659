/**
 * The way across from an embedded database PGlite 0.3 wrote (db/pglite-upgrade.ts, decision
 * 160): a real 0.3 data directory, migrated and filled by the shop's own code running on the old
 * engine, is opened by the shop on the current PGlite. Every row comes across, the database
 * functions work, the old directory is kept; a conversion cut short anywhere recovers; two
 * servers starting on it at once do not both convert.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGlite as PGliteV03 } from '@electric-sql/pglite-v03';
import { pg_trgm as pgTrgmV03 } from '@electric-sql/pglite-v03/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, pgliteExtensions, type Database } from '../src/db/client';
import {
  CURRENT_PG_MAJOR,
  OLD_PG_MAJOR,
  pgMajorOf,
  readyDirOf,
  upgradeDataDir,
  workDirOf,
} from '../src/db/pglite-upgrade';
import { signAccessToken } from '../src/lib/tokens';
import { serverRoot } from '../src/paths';
import { createProduct, shopperCalls, signedInShopper } from './checkout-fixtures';
import { engine, testConfig } from './helpers';
import { call, freePort, serverJwtSecret, startServer } from './server-process';

interface Fixture {
  /** A DATA_DIR whose `pglite` folder PGlite 0.3 wrote. */
  dataDir: string;
  /** Every table's rows, as text, when the old engine closed it. */
  fingerprint: Record<string, string>;
  toyId: string;
  shopperId: string;
  orderNumber: string;
}

let fixture: Fixture;
const made: string[] = [];

/** A fresh copy of the fixture's DATA_DIR; gives its PGlite directory. */
function copyOfOldDataDir(): { dataDir: string; dir: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otaku-upgrade-'));
  made.push(dataDir);
  cpSync(fixture.dataDir, dataDir, { recursive: true });
  return { dataDir, dir: path.join(dataDir, 'pglite') };
}

const backupsBeside = (dir: string) =>
  readdirSync(path.dirname(dir)).filter((name) => name.startsWith('pglite.pglite-0.3-backup-'));

describe.skipIf(engine !== 'pglite')('an embedded database PGlite 0.3 wrote', () => {
  beforeAll(async () => {
    fixture = await oldDataDir();
    made.push(fixture.dataDir);
  }, 300_000);
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'opens on the current PGlite with every row, working functions and the old copy kept',
    {
      timeout: 300_000,
    },
    async () => {
      const { dataDir, dir } = copyOfOldDataDir();
      expect(pgMajorOf(dir)).toBe(OLD_PG_MAJOR);
      const log: string[] = [];
      const database = await openDatabase({ dataDir: dir, log: (line) => log.push(line) });
      try {
        expect(pgMajorOf(dir)).toBe(CURRENT_PG_MAJOR);
        expect(await fingerprintOf(pgliteOf(database))).toEqual(fixture.fingerprint);
        const [backup] = backupsBeside(dir);
        expect(backup).toBeDefined();
        expect(pgMajorOf(path.join(dataDir, backup!))).toBe(OLD_PG_MAJOR);
        expect(log.join('\n')).toContain(
          `The copy PGlite 0.3 wrote is kept in ${path.join(dataDir, backup!)}`,
        );
        expect(log.at(-1)).toMatch(/^The converted embedded database opened and migrated/);
        expect(existsSync(workDirOf(dir)) || existsSync(readyDirOf(dir))).toBe(false);

        // The cart's stock functions, written by the old engine's migrations, run on the new one.
        const config = testConfig();
        const app = await buildApp({ config, database });
        try {
          const shopper = shopperCalls(app, await signedInShopper(database.db, config));
          const reserved = await shopper.reserve(fixture.toyId, 3);
          expect(reserved.statusCode).toBe(200);
          // 10 in stock, 2 ordered under 0.3, 3 held now.
          expect(reserved.json()).toMatchObject({ reservedQuantity: 3, stock: 5 });
          const history = await app.inject({
            method: 'GET',
            url: '/api/order/getOrders',
            headers: {
              authorization: `Bearer ${await signAccessToken(config.jwtSecret, fixture.shopperId)}`,
            },
          });
          expect(JSON.stringify(history.json())).toContain(fixture.orderNumber);
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
      // A second start finds a current directory and converts nothing.
      const again: string[] = [];
      const reopened = await openDatabase({ dataDir: dir, log: (line) => again.push(line) });
      await reopened.close();
      expect(again).toEqual([]);
      expect(backupsBeside(dir)).toHaveLength(1);
    },
  );

  it(
    'starts over when a conversion stopped with its copy complete, before the swap',
    { timeout: 300_000 },
    async () => {
      const { dir } = copyOfOldDataDir();
      await upgradeDataDir(dir, {
        log: () => {},
        extensions: pgliteExtensions,
        stopAfter: 'ready',
      });
      // Cut short: the original is where it was, as it was.
      expect(pgMajorOf(dir)).toBe(OLD_PG_MAJOR);
      expect(backupsBeside(dir)).toEqual([]);
      // The previous release, started again meanwhile, takes a change the copy has not seen.
      const old = await PGliteV03.create(dir, { extensions: { pg_trgm: pgTrgmV03 } });
      await old.query(`update products set name = 'Renamed under 0.3' where id = $1`, [
        fixture.toyId,
      ]);
      const changed = await fingerprintOf(old);
      await old.close();
      const database = await openDatabase({ dataDir: dir, log: () => {} });
      try {
        expect(await fingerprintOf(pgliteOf(database))).toEqual(changed);
      } finally {
        await database.close();
      }
      expect(backupsBeside(dir)).toHaveLength(1);
      expect(existsSync(workDirOf(dir)) || existsSync(readyDirOf(dir))).toBe(false);
    },
  );

  it(
    'finishes the swap when a conversion stopped between its two renames',
    {
      timeout: 300_000,
    },
    async () => {
      const { dir } = copyOfOldDataDir();
      await upgradeDataDir(dir, {
        log: () => {},
        extensions: pgliteExtensions,
        stopAfter: 'backup',
      });
      expect(existsSync(dir)).toBe(false);
      expect(backupsBeside(dir)).toHaveLength(1);
      const log: string[] = [];
      const database = await openDatabase({ dataDir: dir, log: (line) => log.push(line) });
      try {
        expect(pgMajorOf(dir)).toBe(CURRENT_PG_MAJOR);
        expect(await fingerprintOf(pgliteOf(database))).toEqual(fixture.fingerprint);
      } finally {
        await database.close();
      }
      expect(log[0]).toContain('this start completed it');
      expect(existsSync(readyDirOf(dir))).toBe(false);
    },
  );

  it('recovers from a server killed while it converts', { timeout: 300_000 }, async () => {
    const { dataDir, dir } = copyOfOldDataDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      // startServer's environment; this process is killed before it could answer.
      env: {
        ...process.env,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        JWT_SECRET: serverJwtSecret,
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        WEB_DIST_DIR: path.join(os.tmpdir(), 'otaku-no-web-dist'),
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The copy being loaded is the sign the conversion is under way.
    while (!existsSync(workDirOf(dir)) && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(workDirOf(dir))).toBe(true);
    expect(pgMajorOf(dir)).toBe(OLD_PG_MAJOR);
    expect(backupsBeside(dir)).toEqual([]);

    const server = await startServer({ DATA_DIR: dataDir }, 240_000);
    try {
      const product = await call(server, 'GET', `/api/product/${fixture.toyId}`);
      expect(product.status).toBe(200);
      expect(pgMajorOf(dir)).toBe(CURRENT_PG_MAJOR);
      expect(backupsBeside(dir)).toHaveLength(1);
      expect(existsSync(workDirOf(dir))).toBe(false);
    } finally {
      await server.kill();
    }
  });

  it(
    'lets one of two servers started at once convert, and refuses the other',
    {
      timeout: 300_000,
    },
    async () => {
      const { dataDir, dir } = copyOfOldDataDir();
      const outcomes = await Promise.allSettled([
        startServer({ DATA_DIR: dataDir }, 240_000),
        startServer({ DATA_DIR: dataDir }, 240_000),
      ]);
      const started = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      try {
        expect(started).toHaveLength(1);
        const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
        expect(String(refused.reason)).toContain('is in use by another Otaku Shelf server');
        expect(backupsBeside(dir)).toHaveLength(1);
        const token = await signAccessToken(serverJwtSecret, fixture.shopperId);
        const history = await call(started[0]!, 'GET', '/api/order/getOrders', { token });
        expect(await history.text()).toContain(fixture.orderNumber);
      } finally {
        await Promise.all(started.map((server) => server.kill()));
      }
    },
  );
});

const pgliteOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

interface Queryable {
  query: <T>(text: string) => Promise<{ rows: T[] }>;
}

/** Every table outside PostgreSQL's own schemas, as one hash of its rows' text. */
async function fingerprintOf(db: Queryable): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ rows: number; hash: string | null }>(
      `select count(*)::int as rows, md5(string_agg(t::text, E'\\n' order by t::text)) as hash
         from ${name} t`,
    );
    result[name] = `${rows[0]!.rows}:${rows[0]!.hash ?? ''}`;
  }
  return result;
}

/**
 * A DATA_DIR as the shop left it under PGlite 0.3: the shop's migrations and functions applied
 * by the old engine, products, shoppers, an order placed and a cart holding stock, all through
 * the shop's own code.
 */
async function oldDataDir(): Promise<Fixture> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otaku-pglite03-'));
  const old = await PGliteV03.create(path.join(dataDir, 'pglite'), {
    extensions: { pg_trgm: pgTrgmV03 },
  });
  try {
    // The shop's database layer on the old engine, as every release before this one ran it.
    const database = await openDatabase({ pglite: old as unknown as PGlite });
    const config = testConfig();
    const app = await buildApp({ config, database });
    try {
      const toy = await createProduct(database.db, { stock: { '': 10 } });
      const comic = await createProduct(database.db, {
        category: 'comics',
        stock: { V1: 4, V2: 6 },
      });
      const buyer = await signedInShopper(database.db, config);
      const buying = shopperCalls(app, buyer);
      expect((await buying.reserve(toy.id, 2)).statusCode).toBe(200);
      const placed = await buying.placeCashOrder();
      expect(placed.statusCode).toBe(201);
      const holder = shopperCalls(app, await signedInShopper(database.db, config));
      expect((await holder.reserve(comic.id, 1, 'V2')).statusCode).toBe(200);
      const [order] = (await old.query<{ order_number: string }>('select order_number from orders'))
        .rows;
      await app.close();
      await database.close();
      return {
        dataDir,
        fingerprint: await fingerprintOf(old),
        toyId: toy.id,
        shopperId: buyer.id,
        orderNumber: order!.order_number,
      };
    } catch (error) {
      await app.close();
      await database.close();
      throw error;
    }
  } finally {
    await old.close();
  }
}
