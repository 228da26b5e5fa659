/**
 * The way across from an embedded database written by PGlite 0.3 (PostgreSQL 17) to the PGlite
 * the shop runs now (0.5, PostgreSQL 18), which cannot open the older data directory (decision
 * 160). Like PostgreSQL's own major upgrades, it is a dump and restore: the old engine, kept as
 * the aliased dependency `@electric-sql/pglite-v03`, opens the directory and pg_dump (the WASM
 * build of @electric-sql/pglite-tools that fits 0.3) writes every schema, row, sequence,
 * function and trigger as SQL; the new engine loads that into a directory of its own, and the
 * row count of every table is compared before anything is swapped.
 *
 * Crash-safe by its order of steps: the old directory is not touched until a complete copy
 * exists, and the copy only becomes complete by a rename. A start after a crash finds
 * - `<dir>.pglite-0.5-upgrade` (a load cut short): removed, and the conversion starts over;
 * - `<dir>.pglite-0.5-ready` beside the old directory (cut short before the swap): removed and
 *   started over too, since the previous release may have written to the old directory since;
 * - `<dir>.pglite-0.5-ready` and no database in `<dir>` (cut short between the two renames of
 *   the swap; the old one is already the backup): the swap is finished.
 * The old directory stays as `<dir>.pglite-0.3-backup-<time>` for the operator to delete.
 *
 * The caller holds the data directory's lock (data-dir-lock.ts), so two processes never
 * convert one directory at once.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
} from 'node:fs';
import { rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { PGlite as PGliteV03 } from '@electric-sql/pglite-v03';
import { pg_trgm as pgTrgmV03 } from '@electric-sql/pglite-v03/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/** PG_VERSION of a data directory PGlite 0.3 wrote, and of one the current PGlite writes. */
export const OLD_PG_MAJOR = '17';
export const CURRENT_PG_MAJOR = '18';

export class DataDirUpgradeError extends Error {
  override name = 'DataDirUpgradeError';
}

export interface DataDirUpgrade {
  /** Where the directory PGlite 0.3 wrote now is (not known when a start finished the swap). */
  backup: string | undefined;
}

export interface UpgradeOptions {
  log: (message: string) => void;
  /** The PGlite extensions the shop opens its database with (client.ts). */
  extensions: Extensions;
  /** Tests only: stops after this step, as a crash there would. */
  stopAfter?: 'ready' | 'backup';
}

export const workDirOf = (dir: string) => `${dir}.pglite-0.5-upgrade`;
export const readyDirOf = (dir: string) => `${dir}.pglite-0.5-ready`;
const backupDirOf = (dir: string, at: Date) =>
  `${dir}.pglite-0.3-backup-${at
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z')}`;

/** The PostgreSQL major version that wrote `dir`, or undefined when it holds no database. */
export function pgMajorOf(dir: string): string | undefined {
  const file = path.join(dir, 'PG_VERSION');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * Brings the data directory `dir` to the current PGlite when an older one wrote it; does
 * nothing (undefined) for a new or current directory. Throws, leaving the old directory as it
 * was, when the conversion fails.
 */
export async function upgradeDataDir(
  dir: string,
  options: UpgradeOptions,
): Promise<DataDirUpgrade | undefined> {
  const started = performance.now();
  // Beside the real directory, so that a symbolic link to it leads to the converted one.
  dir = existsSync(dir) ? realpathSync(dir) : path.resolve(dir);
  const work = workDirOf(dir);
  const ready = readyDirOf(dir);
  await rm(work, { recursive: true, force: true });
  const major = pgMajorOf(dir);

  if (existsSync(ready)) {
    if (major === undefined) {
      // The old directory is the backup already: only the second rename of the swap is left.
      await rmdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await rename(ready, dir);
      syncDir(path.dirname(dir));
      const backup = latestBackupOf(dir);
      options.log(
        `The embedded database in ${dir} was converted for PGlite 0.5 by a start that stopped ` +
          `before it finished; this start completed it. The copy PGlite 0.3 wrote is kept in ` +
          `${backup ?? 'a folder beside it'}.`,
      );
      return { backup };
    }
    await rm(ready, { recursive: true, force: true });
  }
  if (major === undefined || major === CURRENT_PG_MAJOR) return undefined;
  if (major !== OLD_PG_MAJOR)
    throw new DataDirUpgradeError(
      `The embedded database in ${dir} was written by PostgreSQL ${major}, which this version of ` +
        `Otaku Shelf cannot open or convert (it converts PGlite 0.3's PostgreSQL ${OLD_PG_MAJOR}).`,
    );

  options.log(
    `The embedded database in ${dir} was written by PGlite 0.3 (PostgreSQL ${OLD_PG_MAJOR}); ` +
      `converting it for PGlite 0.5 (PostgreSQL ${CURRENT_PG_MAJOR}). The original stays ` +
      'untouched until the copy is complete.',
  );
  let counts: TableCounts;
  try {
    const dump = await dumpOldDirectory(dir);
    counts = dump.counts;
    await loadDump(work, dump.sql, counts, options.extensions);
  } catch (error) {
    await rm(work, { recursive: true, force: true }).catch(() => {});
    throw new DataDirUpgradeError(
      `Converting the embedded database in ${dir} for PGlite 0.5 failed; it is left as it was ` +
        `and the previous release of Otaku Shelf can still open it. ${(error as Error).message}`,
      { cause: error },
    );
  }
  // The copy is complete once it has this name; then the swap, each step one rename.
  await rename(work, ready);
  syncDir(path.dirname(dir));
  if (options.stopAfter === 'ready') return undefined;
  const backup = backupDirOf(dir, new Date());
  await rename(dir, backup);
  syncDir(path.dirname(dir));
  if (options.stopAfter === 'backup') return undefined;
  await rename(ready, dir);
  syncDir(path.dirname(dir));
  const tables = Object.keys(counts).length;
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  options.log(
    `Converted the embedded database in ${dir} for PGlite 0.5: ${tables} tables, ${rows} rows, ` +
      `in ${seconds} s. The copy PGlite 0.3 wrote is kept in ${backup}.`,
  );
  return { backup };
}

type TableCounts = Record<string, number>;

/** The database in `dir` as SQL, written by the engine that wrote it, and its row counts. */
async function dumpOldDirectory(dir: string): Promise<{ sql: string; counts: TableCounts }> {
  const old = await PGliteV03.create(dir, { extensions: { pg_trgm: pgTrgmV03 } });
  try {
    const counts = await tableCounts(old);
    // pgDump is typed against the PGlite its package pairs with (0.3), which is this engine.
    const file = await pgDump({ pg: old as unknown as PGlite });
    const sql = await file.text();
    // pgDump resets the session without waiting; this waits for it before closing.
    await old.query('select 1');
    return { sql, counts };
  } finally {
    await old.close();
  }
}

async function loadDump(
  work: string,
  sql: string,
  counts: TableCounts,
  extensions: Extensions,
): Promise<void> {
  const fresh = await PGlite.create(work, { extensions });
  try {
    await fresh.exec(sql);
    const loaded = await tableCounts(fresh);
    const differ = Object.keys({ ...counts, ...loaded }).filter((t) => counts[t] !== loaded[t]);
    if (differ.length > 0)
      throw new Error(
        `The copy differs from the original in ${differ
          .map((t) => `${t} (${counts[t] ?? 'missing'} rows, copy ${loaded[t] ?? 'missing'})`)
          .join(', ')}.`,
      );
  } finally {
    await fresh.close();
  }
}

interface Queryable {
  query: <T>(text: string) => Promise<{ rows: T[] }>;
}

/** Rows in every table outside PostgreSQL's own schemas, by qualified name. */
async function tableCounts(db: Queryable): Promise<TableCounts> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  if (tables.length === 0) return {};
  const { rows } = await db.query<Record<string, number>>(
    `select ${tables.map(({ name }, i) => `(select count(*)::int from ${name}) as t${i}`).join(', ')}`,
  );
  return Object.fromEntries(tables.map(({ name }, i) => [name, rows[0]![`t${i}`]!]));
}

/** The newest backup PGlite 0.3's directory was moved to, when there is one. */
function latestBackupOf(dir: string): string | undefined {
  const prefix = `${path.basename(dir)}.pglite-0.3-backup-`;
  const found = readdirSync(path.dirname(dir))
    .filter((name) => name.startsWith(prefix))
    .sort();
  return found.length > 0 ? path.join(path.dirname(dir), found[found.length - 1]!) : undefined;
}

/** Makes a rename in `dir` durable; systems that cannot sync a directory skip it. */
function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a directory for syncing; its renames are durable on their own.
  }
}
