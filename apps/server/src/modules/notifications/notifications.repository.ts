import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { NotificationsTable } from '../../db/schema.js';

/** One row in a user's notifications (the in-app list); e-mail is the caller's choice (notices.ts). */
export async function insertNotification(db: Executor, row: Insertable<NotificationsTable>): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}
