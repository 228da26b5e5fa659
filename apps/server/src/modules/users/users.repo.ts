/** Staff queries on user accounts. Only queries: the rank rules live in the service. */
import { and, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
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

function filter(search: string, role: Role | 'all'): SQL | undefined {
  const conditions: SQL[] = [];
  if (search) {
    // The name or the e-mail contains the words, in any case (users.searchText).
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(like(users.searchText, sql`lower(${pattern})`));
  }
  if (role !== 'all') conditions.push(eq(users.role, role));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function countUsers(db: Executor, search: string, role: Role | 'all') {
  const [row] = await db.select({ n: count() }).from(users).where(filter(search, role));
  return row?.n ?? 0;
}

export async function listUsers(
  db: Executor,
  search: string,
  role: Role | 'all',
  limit: number,
  offset: number,
): Promise<ListedUser[]> {
  return db
    .select(userColumns)
    .from(users)
    .where(filter(search, role))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
}

/** The user, locked for the rest of the transaction. */
export async function lockUser(db: Executor, id: string): Promise<ListedUser | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).for('update');
  return row;
}

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
  patch: Partial<Pick<UserRow, 'username' | 'email' | 'role' | 'passwordHash' | 'profilePic'>>,
): Promise<ListedUser> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(userColumns);
  return row!;
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
