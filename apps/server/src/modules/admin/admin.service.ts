import {
  AdminRole,
  adminRoleLabels,
  apiErrors,
  BROKER_ABOVE,
  type SubscriptionTier,
} from '@market/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import type { Principal } from '../auth/auth.service.js';
import { findUserById, updateUser } from '../auth/users.repository.js';
import { presentDomain } from '../domains/domains.presenter.js';
import { selectWithOwner } from '../domains/domains.repository.js';

export const adminMessages = {
  ownRole: 'You cannot change your own role.',
  superAdminFixed: 'A SuperAdmin’s role cannot be changed here.',
  onlySuperAdminPromotes: 'Only a SuperAdmin can make someone a SuperAdmin.',
  leadNotForBroker: 'This lead has not asked for a broker.',
  leadTaken: 'Another broker has already taken this lead.',
} as const;

/** Signup roles shown in the broker table the way it has always shown them. */
function roleLabel(userRole: string | null): string {
  return userRole === 'freelancer' ? 'FREELANCER' : 'DOMAINER';
}

export function createAdminService(db: Db) {
  const k = db.kysely;

  return {
    async listUsers(search: string, page: number, limit: number) {
      let q = k.selectFrom('users');
      const term = search.trim().toLowerCase();
      if (term) {
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) =>
          eb.or([
            eb(sql`lower(email)`, 'like', sql`${like} escape '\\'`),
            eb(sql`lower(first_name || ' ' || last_name)`, 'like', sql`${like} escape '\\'`),
          ]),
        );
      }
      const rows = await q
        .select(['id', 'first_name', 'last_name', 'email', 'role', 'user_role', 'subscription', 'created_at'])
        .orderBy('id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return {
        total: Number(n),
        users: rows.map((u) => ({
          ...u,
          subscription: u.subscription as SubscriptionTier,
          name: `${u.first_name} ${u.last_name}`,
          role_label: adminRoleLabels[u.role as AdminRole] ?? String(u.role),
        })),
      };
    },

    /**
     * Role changes: never one's own, never a SuperAdmin's, and only a SuperAdmin makes another.
     * Refusals are written to the audit log too, as escalation attempts.
     */
    async setRole(actor: Principal, targetId: number, role: AdminRole) {
      const target = await findUserById(k, targetId);
      if (!target) throw new AppError('NOT_FOUND', apiErrors.notFound);
      const refuse = async (message: string) => {
        await writeAudit(k, {
          actorId: actor.user.id,
          action: 'role-change',
          targetType: 'user',
          targetId,
          outcome: 'refused',
          details: { from: target.role, to: role, reason: message },
        });
        return new AppError('FORBIDDEN', message);
      };
      if (targetId === actor.user.id) throw await refuse(adminMessages.ownRole);
      if (target.role === AdminRole.SuperAdmin) throw await refuse(adminMessages.superAdminFixed);
      if (role === AdminRole.SuperAdmin && actor.user.role !== AdminRole.SuperAdmin) throw await refuse(adminMessages.onlySuperAdminPromotes);
      const updated = await k.transaction().execute(async (trx) => {
        const row = await updateUser(trx, targetId, { role, updated_at: nowIso() });
        await writeAudit(trx, { actorId: actor.user.id, action: 'role-change', targetType: 'user', targetId, outcome: 'ok', details: { from: target.role, to: role } });
        return row;
      });
      return { id: updated.id, role: updated.role };
    },

    async setSubscription(actor: Principal, targetId: number, subscription: SubscriptionTier) {
      const target = await findUserById(k, targetId);
      if (!target) throw new AppError('NOT_FOUND', apiErrors.notFound);
      await k.transaction().execute(async (trx) => {
        await updateUser(trx, targetId, { subscription, updated_at: nowIso() });
        await writeAudit(trx, {
          actorId: actor.user.id,
          action: 'subscription-change',
          targetType: 'user',
          targetId,
          outcome: 'ok',
          details: { from: target.subscription, to: subscription },
        });
      });
      return { id: targetId, subscription };
    },

    /** The broker dashboard's users table, every column counted from real data. */
    async brokerTable(page: number, limit: number) {
      const users = await k
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name', 'role', 'user_role', 'subscription'])
        .orderBy('id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const ids = users.map((u) => u.id);
      const none = ids.length === 0;
      const domainStats = none
        ? []
        : await k
            .selectFrom('domains')
            .select('user_id')
            .select((eb) => [
              eb.fn.sum<number>(eb.case().when('startup_breeders_switch', '=', 1).then(1).else(0).end()).as('breeders'),
              eb.fn.sum<number>(eb.case().when('seller_price', '>', BROKER_ABOVE).then(1).else(0).end()).as('thoroughbred'),
              eb.fn.sum<number>(eb.case().when('sale_status', '=', 'sold').then(1).else(0).end()).as('sold'),
            ])
            .where('user_id', 'in', ids)
            .groupBy('user_id')
            .execute();
      const videoStats = none
        ? []
        : await k
            .selectFrom('videos')
            .select('uploader_id')
            .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('status').as('last_status')])
            .where('uploader_id', 'in', ids)
            .where('status', 'not in', ['uploading', 'deleted'])
            .groupBy('uploader_id')
            .execute();
      const headlineStats = none
        ? []
        : await k
            .selectFrom('sponsored_headlines as h')
            .innerJoin('sponsored_orders as o', 'o.id', 'h.order_id')
            .select('o.user_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('o.user_id', 'in', ids)
            .groupBy('o.user_id')
            .execute();
      const { n: total } = await k.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return {
        total: Number(total),
        users: users.map((u) => {
          const d = domainStats.find((s) => s.user_id === u.id);
          const v = videoStats.find((s) => s.uploader_id === u.id);
          return {
            id: u.id,
            username: u.email.split('@')[0] ?? u.email,
            display_name: `${u.first_name} ${u.last_name}`,
            email: u.email,
            role: roleLabel(u.user_role),
            admin_role: adminRoleLabels[u.role as AdminRole] ?? String(u.role),
            subscription: u.subscription,
            video_pitch: Number(v?.n ?? 0),
            sponsored_headlines: Number(headlineStats.find((s) => s.user_id === u.id)?.n ?? 0),
            exclusive_startup_breeders: Number(d?.breeders ?? 0),
            thoroughbred_domains: Number(d?.thoroughbred ?? 0),
            sold_domains: Number(d?.sold ?? 0),
          };
        }),
      };
    },

    /** Negotiations in status 5 (assign broker), newest first, with who took each. */
    async brokerLeads() {
      return k
        .selectFrom('domain_leads as l')
        .innerJoin('domains as d', 'd.id', 'l.domain_id')
        .innerJoin('users as b', 'b.id', 'l.buyer_id')
        .innerJoin('users as s', 's.id', 'l.seller_id')
        .leftJoin('users as br', 'br.id', 'l.broker_id')
        .select([
          'l.id',
          'l.domain_id',
          'd.domain_unicode as domain_name',
          'd.seller_price',
          'l.status',
          'l.broker_requested_at',
          'l.broker_taken_at',
          'l.broker_id',
        ])
        .select((eb) => [
          sql<string>`${eb.ref('b.first_name')} || ' ' || ${eb.ref('b.last_name')}`.as('buyer_name'),
          sql<string>`${eb.ref('s.first_name')} || ' ' || ${eb.ref('s.last_name')}`.as('seller_name'),
          sql<string | null>`${eb.ref('br.first_name')} || ' ' || ${eb.ref('br.last_name')}`.as('broker_name'),
        ])
        .where('l.broker_requested_at', 'is not', null)
        .orderBy('l.broker_requested_at', 'desc')
        .limit(500)
        .execute();
    },

    /** An admin takes a broker lead; of two admins at once, one wins. */
    async takeBrokerLead(actor: Principal, leadId: number) {
      const lead = await k.selectFrom('domain_leads').selectAll().where('id', '=', leadId).executeTakeFirst();
      if (!lead) throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (!lead.broker_requested_at) throw new AppError('CONFLICT', adminMessages.leadNotForBroker);
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('domain_leads')
          .set({ broker_id: actor.user.id, broker_taken_at: now, updated_at: now })
          .where('id', '=', leadId)
          .where('broker_id', 'is', null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw new AppError('CONFLICT', adminMessages.leadTaken);
        await writeAudit(trx, { actorId: actor.user.id, action: 'broker-take', targetType: 'lead', targetId: leadId, outcome: 'ok' });
        for (const userId of [lead.buyer_id, lead.seller_id]) {
          await trx
            .insertInto('notifications')
            .values({
              user_id: userId,
              domain_lead_id: leadId,
              category: 'broker',
              message: `${actor.user.first_name} from our Broker Team is now handling this negotiation.`,
              link: `/domain-leads/negotiation/${lead.domain_id}`,
              created_at: now,
            })
            .execute();
        }
      });
      return { id: leadId, broker_id: actor.user.id, broker_taken_at: now };
    },

    /** Thoroughbred: approved names priced above the broker threshold. Exclusive breeders: open to founders. */
    async domainList(kind: 'thoroughbred' | 'startup-breeders', limit: number) {
      let q = selectWithOwner(k).where('d.status', '=', 'approved').where('d.sale_status', '=', 'available');
      q = kind === 'thoroughbred' ? q.where('d.seller_price', '>', BROKER_ABOVE).orderBy('d.seller_price', 'desc') : q.where('d.startup_breeders_switch', '=', 1).orderBy('d.id', 'desc');
      return (await q.limit(limit).execute()).map(presentDomain);
    },

    async videos(filter: string) {
      let q = k
        .selectFrom('videos as v')
        .innerJoin('domains as d', 'd.id', 'v.domain_id')
        .innerJoin('users as u', 'u.id', 'v.uploader_id')
        .select(['v.id', 'v.domain_id', 'd.domain_unicode as domain_name', 'v.file_name', 'v.status', 'v.created_at', 'u.email as uploader_email'])
        .where('v.status', '!=', 'uploading')
        .orderBy('v.id', 'desc')
        .limit(500);
      q = filter === 'all' ? q.where('v.status', '!=', 'deleted') : q.where('v.status', '=', filter);
      return q.execute();
    },

    async claims() {
      return k
        .selectFrom('domain_claims as c')
        .innerJoin('domains as d', 'd.id', 'c.domain_id')
        .innerJoin('users as claimant', 'claimant.id', 'c.user_id')
        .innerJoin('users as holder', 'holder.id', 'd.user_id')
        .select(['c.id', 'c.domain_id', 'd.domain_unicode as domain_name', 'd.ns_status', 'claimant.email as claimant_email', 'holder.email as holder_email', 'c.created_at'])
        .where('c.resolved_at', 'is', null)
        .orderBy('c.id', 'desc')
        .limit(500)
        .execute();
    },

    async audit(limit: number) {
      return k
        .selectFrom('admin_audit as a')
        .leftJoin('users as u', 'u.id', 'a.actor_id')
        .select(['a.id', 'a.action', 'a.target_type', 'a.target_id', 'a.outcome', 'a.details', 'a.created_at', 'u.email as actor_email'])
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
