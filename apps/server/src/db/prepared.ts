/**
 * Statements prepared once per database: Drizzle builds the SQL once, and PostgreSQL parses and
 * plans it once per connection instead of on every call (for the dashboard's order page the
 * planning alone cost more than running it). For the statements every request or every busy
 * screen makes; the rest are built as they are needed.
 *
 * A pooler in front of PostgreSQL must keep prepared statements (PgBouncer 1.21+ with
 * `max_prepared_statements`, or session mode).
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client';

/** `build(db)` for each database, made on first use and kept while the database lives. */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect({ casing: 'snake_case' });

type Session = Executor['_']['session'];
type Statement = { execute: (values: Record<string, unknown>) => Promise<unknown> };

/**
 * A hand-written statement prepared as `name` on each connection that runs it (names must be
 * unique). Its values are `sql.placeholder`s, given by name to each call; it runs on the
 * database or inside a transaction and answers the rows.
 */
export function preparedSql<Row>(
  name: string,
  statement: SQL,
): (ex: Executor, values: object) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const bySession = new WeakMap<Session, Statement>();
  return async (ex, values) => {
    const session = ex._.session;
    let prepared = bySession.get(session);
    if (!prepared) {
      prepared = session.prepareQuery(query, undefined, name, false) as Statement;
      bySession.set(session, prepared);
    }
    return rowsOf<Row>(await prepared.execute(values as Record<string, unknown>));
  };
}

/** The rows of a raw statement's result, the same shape on PGlite and node-postgres. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
