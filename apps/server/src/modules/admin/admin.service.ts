import { AdminRole, apiErrors, type SubscriptionTier } from '@market/shared';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import { findUserById, type Principal, updateUser } from '../auth/index.js';
import { ownerOf, presentDomainWithPrices } from '../domains/index.js';
import { findLead } from '../leads/index.js';
import { insertNotification } from '../notifications/index.js';
import { presentAdminVideo } from '../videos/index.js';
import { presentBrokerUser, presentUser } from './admin.presenter.js';
import * as repo from './admin.repository.js';

export const adminMessages = {
  ownRole: 'You cannot change your own role.',
  superAdminFixed: 'A SuperAdmin’s role cannot be changed here.',
  onlySuperAdminPromotes: 'Only a SuperAdmin can make someone a SuperAdmin.',
  leadNotForBroker: 'This lead has not asked for a broker.',
  leadTaken: 'Another broker has already taken this lead.',
} as const;

export function createAdminService(db: Db) {
  const k = db.kysely;

  return {
    async listUsers(search: string, page: number, limit: number) {
      const { rows, total } = await repo.listUsers(k, search, { limit, offset: (page - 1) * limit });
      return { total, users: rows.map(presentUser) };
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
      const users = await repo.brokerUsers(k, { limit, offset: (page - 1) * limit });
      const ids = users.map((u) => u.id);
      const stats = {
        domains: await repo.domainStatsOf(k, ids),
        sales: await repo.salesCountsOf(k, ids),
        videos: await repo.videoCountsOf(k, ids),
        headlines: await repo.headlineCountsOf(k, ids),
      };
      return { total: await repo.countUsers(k), users: users.map((u) => presentBrokerUser(u, stats)) };
    },

    /** Negotiations in status 5 (assign broker), newest first, with who took each. */
    async brokerLeads() {
      return repo.brokerLeads(k);
    },

    /** An admin takes a broker lead; of two admins at once, one wins. */
    async takeBrokerLead(actor: Principal, leadId: number) {
      const lead = await findLead(k, leadId);
      if (!lead) throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (!lead.broker_requested_at) throw new AppError('CONFLICT', adminMessages.leadNotForBroker);
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        if (!(await repo.takeBrokerLead(trx, leadId, actor.user.id, now))) throw new AppError('CONFLICT', adminMessages.leadTaken);
        await writeAudit(trx, { actorId: actor.user.id, action: 'broker-take', targetType: 'lead', targetId: leadId, outcome: 'ok' });
        for (const userId of [lead.buyer_id, lead.seller_id]) {
          await insertNotification(trx, {
            user_id: userId,
            domain_lead_id: leadId,
            category: 'broker',
            message: `${actor.user.first_name} from our Broker Team is now handling this negotiation.`,
            link: `/domain-leads/negotiation/${lead.domain_id}`,
            created_at: now,
          });
        }
      });
      return { id: leadId, broker_id: actor.user.id, broker_taken_at: now };
    },

    /** Thoroughbred: approved names priced above the broker threshold. Exclusive breeders: open to founders. */
    async domainList(kind: 'thoroughbred' | 'startup-breeders', limit: number) {
      // An admin's screen: owners named in full, prices shown whatever the listing type.
      return (await repo.domainList(k, kind, limit)).map((row) => ({ ...presentDomainWithPrices(row), user: ownerOf(row) }));
    },

    async videos(filter: string) {
      return (await repo.videos(k, filter)).map(presentAdminVideo);
    },

    async claims() {
      return repo.openClaims(k);
    },

    async audit(limit: number) {
      return repo.auditLog(k, limit);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
