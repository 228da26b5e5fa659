/**
 * Statements prepared by name: Drizzle builds the SQL once, and PostgreSQL parses and plans it
 * once per connection instead of on every call (for the dashboard's order page the planning
 * alone cost more than running it). For the statements every request or every busy screen
 * makes; the rest are built as they are needed. Drizzle's own `.prepare(name)` does the work
 * for its query builder (`prepared`); a raw statement of a few shapes, which the builder cannot
 * write (the search's, decision 190), is prepared through the session Drizzle's builder itself
 * uses (`runShaped`): typed in Drizzle's published types, and a test on PostgreSQL reads the
 * statements a connection keeps. PGlite runs the same text and ignores the name.
 *
 * A pooler in front of PostgreSQL must keep prepared statements (PgBouncer 1.21+ with
 * `max_prepared_statements`, or session mode).
 */
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * `build(ex)`, a Drizzle query ending in `.prepare(name)` with `sql.placeholder`s for its
 * values, made once for each database or transaction it runs on and kept while that lives. On
 * a transaction it is built again for each one, and PostgreSQL still finds the statement
 * already prepared on the connection. A name is given to exactly one text: PostgreSQL refuses
 * a second text under a name on one connection.
 */
export function prepared<T>(build: (ex: Executor) => T): (ex: Executor) => T {
  const made = new WeakMap<Executor, T>();
  return (ex) => {
    let statement = made.get(ex);
    if (statement === undefined) {
      statement = build(ex);
      made.set(ex, statement);
    }
    return statement;
  };
}

/** The rows of a raw statement's result, the same shape on PGlite and node-postgres. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const dialect = new PgDialect();

type ShapedQuery = ReturnType<Executor['_']['session']['prepareQuery']>;

/**
 * A raw statement of one of a few shapes: `build()` writes the shape's statement with
 * `sql.placeholder`s for every value, and `values` fills them. A shape's name is written in
 * one place (the first text built under a name is the name's); null for a statement run too
 * seldom to keep, or of a shape past those worth keeping.
 */
export interface Shaped {
  name: string | null;
  build: () => SQL;
  values: Record<string, unknown>;
}

/** Each named shape's statement text, built once a process. */
const shapes = new Map<string, Query>();
/** Each database's prepared statement of each named shape. */
const madeFor = new WeakMap<Executor, Map<string, ShapedQuery>>();

/** A shape's statement text and its parameters (placeholders), built once when named. */
function shapedQuery({ name, build }: Pick<Shaped, 'name' | 'build'>): Query {
  if (name === null) return dialect.sqlToQuery(build());
  let query = shapes.get(name);
  if (query === undefined) shapes.set(name, (query = dialect.sqlToQuery(build())));
  return query;
}

/**
 * Runs a statement of a shape. A named one is prepared under its name: building its text
 * costs nothing at each call, and each connection parses it once and may keep one plan of it.
 * PostgreSQL keeps every prepared statement of a connection, with its plan, for as long as the
 * connection lives: hence names for a few shapes only.
 */
export async function runShaped<T>(ex: Executor, shaped: Shaped): Promise<T[]> {
  const { name } = shaped;
  if (name === null) {
    const query = shapedQuery(shaped);
    return rowsOf<T>(
      await ex._.session.prepareQuery(query, undefined, undefined, false).execute(shaped.values),
    );
  }
  let made = madeFor.get(ex);
  if (made === undefined) madeFor.set(ex, (made = new Map()));
  let statement = made.get(name);
  if (statement === undefined) {
    statement = ex._.session.prepareQuery(shapedQuery(shaped), undefined, name, false);
    made.set(name, statement);
  }
  return rowsOf<T>(await statement.execute(shaped.values));
}
