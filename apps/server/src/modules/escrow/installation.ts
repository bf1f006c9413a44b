import type { Db } from '../../db/database.js';

/**
 * This installation's id, made once by the migration that created the ledger: it goes into the
 * payment provider's idempotency keys, so two installations sharing one provider account (staging
 * and production, or a database started afresh) never take each other's keys for their own.
 */
export function installationId(db: Db): () => Promise<string> {
  let id: Promise<string> | undefined;
  return () =>
    (id ??= db.kysely
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'installation_id')
      .executeTakeFirstOrThrow()
      .then((row) => row.value));
}
