/** Staff queries on user accounts. Only queries: the rank rules live in the service. */
import { and, count, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { changed, telling } from '../../db/changed';
import type { Db, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { userRoleCounts, users } from '../../db/schema/index';
import type { Role } from '@otaku/shared';

export type UserRow = typeof users.$inferSelect;
export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  profilePic: users.profilePic,
  googleSubject: users.googleSubject,
  createdAt: users.createdAt,
};
export type ListedUser = { [K in keyof typeof userColumns]: UserRow[K] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (search: string) => `%${escapeLike(search)}%`;

/** The name or the e-mail contains the words, in any case (users.searchText). */
const matching = (pattern: string | Placeholder) => sql`${users.searchText} like lower(${pattern})`;
const ofRole = (role: string | Placeholder) => sql`${users.role} = ${role}`;

function filter(search: string, role: Role | 'all'): SQL | undefined {
  const conditions: SQL[] = [];
  if (search) conditions.push(matching(containing(search)));
  if (role !== 'all') conditions.push(ofRole(role));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function countUsers(db: Executor, search: string, role: Role | 'all') {
  const [row] = await db.select({ n: count() }).from(users).where(filter(search, role));
  return row?.n ?? 0;
}

const newestFirst = [desc(users.createdAt), desc(users.id)];
/** All accounts, or those of one role, from the per-role counters (a few rows). */
const counted = (where: SQL | undefined) =>
  sql<number>`(select coalesce(sum(${userRoleCounts.users}), 0)::int from ${userRoleCounts} ${
    where ? sql`where ${where}` : sql``
  })`;
/** How many accounts match a search: counted over the matches the page is cut from. */
const matches = sql<number>`count(*) over ()::int`;

/**
 * A page of the users list with the number of all accounts it pages through, prepared once per
 * database for each kind of filter (db/prepared.ts): the total of an unsearched list comes from
 * the per-role counters, that of a search is counted over the matches the page is cut from.
 */
function pageStatement(name: string, where: SQL | undefined, total: SQL<number>) {
  return prepared((db) =>
    db
      .select({ ...userColumns, total })
      .from(users)
      .where(where)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

const given = { role: sql.placeholder('role'), pattern: sql.placeholder('pattern') };
const pageStatements = {
  all: pageStatement('dashboard_users_page', undefined, counted(undefined)),
  role: pageStatement(
    'dashboard_users_page_role',
    ofRole(given.role),
    counted(sql`${userRoleCounts.role} = ${given.role}`),
  ),
  search: pageStatement('dashboard_users_search', matching(given.pattern), matches),
  searchRole: pageStatement(
    'dashboard_users_search_role',
    and(matching(given.pattern), ofRole(given.role)),
    matches,
  ),
};

/**
 * A page of accounts, newest first (ties by id, so pages never overlap), whose name or e-mail
 * contains `search`, of one role or all, and how many accounts the list has: one statement. A
 * page past the end has no row to carry the total, so it is counted apart.
 */
export async function listUsers(
  db: Db,
  search: string,
  role: Role | 'all',
  limit: number,
  offset: number,
): Promise<{ rows: ListedUser[]; total: number }> {
  const values = { limit, offset, role, pattern: containing(search) };
  const statement = search
    ? role === 'all'
      ? pageStatements.search
      : pageStatements.searchRole
    : role === 'all'
      ? pageStatements.all
      : pageStatements.role;
  const page = await statement(db).execute(values);
  const rows = page.map(({ total: _total, ...user }) => user);
  return { rows, total: page[0]?.total ?? (await countUsers(db, search, role)) };
}

/** The user, or locked for the rest of the transaction with `forUpdate`. */
export async function findUser(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<ListedUser | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db.select(userColumns).from(users).where(eq(users.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export const lockUser = (db: Executor, id: string) => findUser(db, id, true);

/** How many superAdmins exist, locking them so two demotions cannot both pass the check. */
export async function lockSuperAdmins(db: Executor): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'superAdmin'))
    .orderBy(users.id)
    .for('update');
  return rows.length;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<
    Pick<UserRow, 'username' | 'email' | 'role' | 'passwordHash' | 'profilePic' | 'emailVerifiedAt'>
  >,
): Promise<ListedUser> {
  const [row] = await telling(
    db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(userColumns),
    () => changed.users(db),
  );
  return row!;
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await telling(db.delete(users).where(eq(users.id, id)), () => changed.users(db));
}
