/**
 * Worker thread entry: loads the listed-domain index over its own database connection and
 * hands the arrays back (transferred, not copied). See loadListedIndexInWorker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type DbOptions, openDatabase } from '../../db/database.js';
import { ListedDomainIndex } from './listed-index.js';
import { loadListedIndex, type WorkerResult } from './listed-index-load.js';

const db = openDatabase(workerData as DbOptions);
try {
  const { index, position } = await loadListedIndex(db.kysely, db.dialect);
  const result: WorkerResult = { parts: index.toParts(), position };
  parentPort!.postMessage(result, ListedDomainIndex.transferList(result.parts));
} finally {
  await db.destroy();
}
