/**
 * Worker thread entry: loads the listed-domain index over its own database connection and
 * hands the arrays back (transferred, not copied). See loadListedIndexInWorker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type DbOptions, openDatabase } from '../../db/database.js';
import { ListedDomainIndex } from './listed-index.js';
import { loadListedIndex } from './listed-index-load.js';

const db = openDatabase(workerData as DbOptions);
try {
  const parts = (await loadListedIndex(db.kysely)).toParts();
  parentPort!.postMessage(parts, ListedDomainIndex.transferList(parts));
} finally {
  await db.destroy();
}
