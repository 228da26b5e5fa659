/**
 * The database's SQL functions as the files of db/functions define them (decision 143). Applied
 * after the migrations on every start, in one transaction: the files are run (each a series of
 * `CREATE OR REPLACE FUNCTION`s, and `PROCEDURE`s) and the definitions they leave compared with
 * those before;
 * when nothing changed the transaction is rolled back, so a start that changes nothing writes
 * nothing to the catalog and leaves the other instances' prepared plans alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { functionsDir } from '../paths';

export interface FunctionFile {
  name: string;
  sql: string;
}

/** The files in name order, read once. */
export function functionFiles(dir: string = functionsDir): FunctionFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/** The names of the functions (and procedures) the files define. */
export function functionNames(files: FunctionFile[]): string[] {
  const names = new Set<string>();
  for (const file of files)
    for (const match of file.sql.matchAll(
      /^CREATE OR REPLACE (?:FUNCTION|PROCEDURE)\s+([a-z_][a-z0-9_]*)\s*\(/gim,
    ))
      names.add(match[1]!.toLowerCase());
  return [...names].sort();
}

/** One connection of the database, used by one caller at a time. */
export interface SqlSession {
  /** Runs statements without parameters (several, separated by semicolons). */
  exec: (text: string) => Promise<void>;
  /** Runs one statement with parameters and answers its rows. */
  rows: <T>(text: string, params: unknown[]) => Promise<T[]>;
}

/** Each named function's signature and full definition, as PostgreSQL prints it. */
export async function functionDefinitions(
  session: SqlSession,
  names: string[],
): Promise<Array<{ signature: string; definition: string }>> {
  return session.rows(
    `select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema() and p.proname = any($1::text[])
      order by 1`,
    [names],
  );
}

/**
 * Applies `files` in one transaction on `session`; keeps them only when they changed a
 * definition. Answers whether they did. The caller keeps other instances out (the migrator's
 * advisory lock on PostgreSQL; PGlite has one process).
 */
export async function applyFunctions(
  session: SqlSession,
  files: FunctionFile[] = functionFiles(),
): Promise<boolean> {
  const names = functionNames(files);
  await session.exec('begin');
  try {
    const before = JSON.stringify(await functionDefinitions(session, names));
    for (const file of files) await session.exec(file.sql);
    const changed = JSON.stringify(await functionDefinitions(session, names)) !== before;
    await session.exec(changed ? 'commit' : 'rollback');
    return changed;
  } catch (error) {
    await session.exec('rollback').catch(() => {});
    throw error;
  }
}
