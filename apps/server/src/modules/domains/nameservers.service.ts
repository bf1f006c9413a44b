import { apiErrors } from '@market/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { type NameserverLookup, pointsAtUs } from '../../dns/nameserver-lookup.js';
import type { ZoneWriter } from '../../dns/zones.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/index.js';
import * as repo from './domains.repository.js';

const SWEEP_BATCH = 200;
const SWEEP_CONCURRENCY = 5;
// Any number works as long as every instance uses the same one.
const SWEEP_LOCK_KEY = 724_311;

/** `checkIntervalMs`: how often the periodic sweep runs (0: never), told to owners with each state. */
export function createNameserverService(db: Db, lookup: NameserverLookup, ours: string[], zones: ZoneWriter, checkIntervalMs = 0) {
  const k = db.kysely;

  async function check(domain: { id: number; domain_name: string; ns_status: string }): Promise<string> {
    const result = await lookup.lookup(domain.domain_name);
    const status = !result.ok ? 'failed' : pointsAtUs(result.nameservers, ours) ? 'verified' : 'pending';
    await k.transaction().execute(async (trx) => {
      await repo.updateDomain(trx, domain.id, {
        ns_status: status,
        ns_checked_at: nowIso(),
        ns_found: result.ok ? result.nameservers.join(',').slice(0, 1000) : null,
      });
      // The zone follows the delegation: written when it starts pointing at us, gone when it stops.
      if ((status === 'verified') !== (domain.ns_status === 'verified')) await zones.sync(trx, domain.id);
    });
    return status;
  }

  async function sweepBatch(): Promise<{ checked: number; verified: number }> {
    // Never-checked first, then the longest unchecked; denied domains are not worth a lookup.
    const due = await repo.domainsDueForNsCheck(k, SWEEP_BATCH);
    let verified = 0;
    for (let i = 0; i < due.length; i += SWEEP_CONCURRENCY) {
      const statuses = await Promise.all(due.slice(i, i + SWEEP_CONCURRENCY).map(check));
      verified += statuses.filter((s) => s === 'verified').length;
    }
    return { checked: due.length, verified };
  }

  return {
    nameservers: () => ours,

    /** Minutes between sweeps (0 when there are none). A sweep takes the least recently checked first. */
    checkIntervalMinutes: () => Math.round(checkIntervalMs / 60_000),

    /** The owner asks for a check now (after changing their nameservers). */
    async verify(principal: Principal, id: number) {
      const domain = await repo.findDomain(k, id);
      if (!domain) throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (domain.user_id !== principal.user.id) throw new AppError('FORBIDDEN', apiErrors.permissionDenied);
      await check(domain);
      return (await repo.findDomain(k, id))!;
    },

    /**
     * One periodic pass over the domains least recently checked. On PostgreSQL only the
     * instance holding the advisory lock sweeps, so N instances do the work once.
     */
    async sweep(): Promise<{ checked: number; verified: number; skipped?: boolean }> {
      if (db.dialect !== 'postgres') return sweepBatch();
      return k.connection().execute(async (conn) => {
        const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${SWEEP_LOCK_KEY}) AS locked`.execute(conn);
        if (!rows[0]?.locked) return { checked: 0, verified: 0, skipped: true };
        try {
          return await sweepBatch();
        } finally {
          await sql`SELECT pg_advisory_unlock(${SWEEP_LOCK_KEY})`.execute(conn);
        }
      });
    },
  };
}

export type NameserverService = ReturnType<typeof createNameserverService>;
