import { apiErrors, type DnsRecord, dnsMessages, type DnsRecordsInput, dnsRecordsInputSchema, type DnsZone } from '@market/shared';
import type { Db, Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { dnsControllerId, isServed, type ZoneWriter } from '../../dns/zones.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/index.js';

/** The records a domain's controller sets, served by our nameservers once the name is parked with us. */
export function createDnsRecordsService(db: Db, zones: ZoneWriter, nameservers: string[]) {
  const k = db.kysely;

  async function controlled(executor: Executor, principal: Principal, domainId: number) {
    const domain = await executor
      .selectFrom('domains')
      .select(['id', 'user_id', 'dns_controller_id', 'domain_name', 'status', 'ns_status', 'dns_landing'])
      .where('id', '=', domainId)
      .executeTakeFirst();
    if (!domain) throw new AppError('NOT_FOUND', apiErrors.notFound);
    if (dnsControllerId(domain) !== principal.user.id) throw new AppError('FORBIDDEN', dnsMessages.notController);
    return domain;
  }

  async function view(executor: Executor, principal: Principal, domainId: number): Promise<DnsZone> {
    const domain = await controlled(executor, principal, domainId);
    const records = await executor
      .selectFrom('dns_records')
      .select(['name', 'type', 'content', 'ttl', 'priority'])
      .where('domain_id', '=', domainId)
      .orderBy('position')
      .execute();
    return {
      domain_id: domain.id,
      domain_name: domain.domain_name,
      keep_landing: domain.dns_landing === 1,
      records: records as DnsRecord[],
      served: isServed(domain),
      nameservers,
      allowed_actions: ['edit'],
    };
  }

  return {
    get: (principal: Principal, domainId: number) => view(k, principal, domainId),

    /** Replaces the whole record set; the zone is rewritten (serial bumped) in the same transaction. */
    async replace(principal: Principal, domainId: number, input: DnsRecordsInput): Promise<DnsZone> {
      const { keep_landing, records } = dnsRecordsInputSchema.parse(input);
      return k.transaction().execute(async (trx) => {
        await controlled(trx, principal, domainId);
        await trx.deleteFrom('dns_records').where('domain_id', '=', domainId).execute();
        if (records.length > 0) {
          await trx
            .insertInto('dns_records')
            .values(records.map((r, position) => ({ domain_id: domainId, position, ...r })))
            .execute();
        }
        await trx
          .updateTable('domains')
          .set({ dns_landing: keep_landing ? 1 : 0, updated_at: nowIso() })
          .where('id', '=', domainId)
          .execute();
        await zones.sync(trx, domainId);
        return view(trx, principal, domainId);
      });
    },
  };
}

export type DnsRecordsService = ReturnType<typeof createDnsRecordsService>;
