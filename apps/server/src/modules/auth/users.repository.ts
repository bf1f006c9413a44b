import type { Insertable, Selectable, Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import type { Executor } from '../../db/database.js';

export type UserRow = Selectable<UsersTable>;

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Several users by id, a few hundred per query (one bulk review may tell thousands). */
export async function findUsersByIds(db: Executor, ids: readonly number[]): Promise<Map<number, UserRow>> {
  const found = new Map<number, UserRow>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    for (const row of await db.selectFrom('users').selectAll().where('id', 'in', unique.slice(i, i + 500)).execute()) found.set(row.id, row);
  }
  return found;
}

export async function insertUser(db: Executor, user: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Executor, id: number, changes: Updateable<UsersTable>): Promise<UserRow> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
