import type { Selectable } from 'kysely';
import type { AuthTokensTable, PasswordResetTokensTable } from '../../db/schema.js';
import type { UserRow } from './users.repository.js';
import type { Executor } from '../../db/database.js';

export type SessionRow = Selectable<AuthTokensTable>;
export type ResetTokenRow = Selectable<PasswordResetTokensTable>;

export async function insertSession(
  db: Executor,
  session: { user_id: number; token_hash: string; now: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: session.user_id,
      token_hash: session.token_hash,
      created_at: session.now,
      last_used_at: session.now,
      expires_at: session.expires_at,
    })
    .execute();
}

/** The session and its user for a token hash, if the session is neither revoked nor expired. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: string,
  idleSince: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const session = await db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_used_at', '>', idleSince)
    .executeTakeFirst();
  if (!session) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  return user ? { session, user } : undefined;
}

export async function touchSession(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable('auth_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}

export async function revokeSession(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function revokeUserSessions(db: Executor, userId: number, now: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertResetToken(
  db: Executor,
  token: { user_id: number; token_hash: string; now: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: token.user_id, token_hash: token.token_hash, created_at: token.now, expires_at: token.expires_at })
    .execute();
}

export function findUsableResetToken(db: Executor, tokenHash: string, now: string): Promise<ResetTokenRow | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Marks the token used only if it still is usable; the row count tells whether this caller won,
 * so two concurrent confirms cannot both set a password.
 */
export async function consumeResetToken(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function expireUserResetTokens(db: Executor, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Revokes every live session of the user except one; returns how many were revoked. */
export async function revokeOtherSessions(db: Executor, userId: number, keepId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function liveSessions(db: Executor, userId: number, now: string) {
  return db
    .selectFrom('auth_tokens')
    .select(['id', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .limit(50)
    .execute();
}
