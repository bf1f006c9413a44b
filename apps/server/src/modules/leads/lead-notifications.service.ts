import { type LeadRequestCategory, negotiationMessages as nm } from '@market/shared';
import type { AppConfig } from '../../config.js';
import { type Db, type Executor, nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { transactionWithChanges } from '../../lib/live-events/index.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { useWindow } from '../../lib/window-limit.js';
import type { Principal } from '../auth/index.js';
import { type Notice, writeNotices } from '../notifications/index.js';
import * as repo from './leads.repository.js';
import { loadNegotiation } from './negotiation.service.js';

export interface LeadNotificationsDeps {
  db: Db;
  /** Wakes the mail outbox after a commit that queued e-mail. */
  mailQueued: () => void;
  publicUrl: string;
  /** Where the request throttle counts (Redis when several instances share it). */
  counters: CounterStore;
  limits: AppConfig['leadRequests'];
  /** The time the request throttle and e-mail windows go by (tests pin it). */
  clock?: () => number;
}

const HOUR_MS = 3_600_000;

export const negotiationLink = (domainId: number) => `/domain-leads/negotiation/${domainId}`;

/** A notice about a negotiation: it opens the negotiation page. */
export const negotiationNotice = (n: Omit<Notice, 'linkLabel'>): Notice => ({ ...n, linkLabel: 'Open the negotiation' });

/** What the parties of a negotiation are told: trade and breeder requests, the in-app list, the e-mails. */
export function createLeadNotificationsService({ db, mailQueued, publicUrl, counters, limits, clock = Date.now }: LeadNotificationsDeps) {
  const k = db.kysely;

  return {
    /** Writes the notices (rows and queued e-mails) in the transaction of the change they tell about. */
    write(trx: Executor, notices: readonly Notice[], now: string) {
      return writeNotices(trx, notices, { now, publicUrl });
    },

    /** After the commit: the outbox sends what was queued. */
    mailQueued,

    /**
     * Records what the request is about (a trade option or the breeder category) and tells the
     * seller. Throttled per buyer and per lead; repeats within the mail window make one e-mail.
     */
    async notify(principal: Principal, leadId: number, category: LeadRequestCategory) {
      const state = await loadNegotiation(k, leadId, principal.user.id);
      if (state.role !== 'buyer') throw new AppError('FORBIDDEN', nm.notYourMove);
      const at = clock();
      const wait =
        (await useWindow(counters, `lead-requests:user:${principal.user.id}`, limits.perUserPerHour, HOUR_MS, at)) ||
        (await useWindow(counters, `lead-requests:lead:${leadId}`, limits.perLeadPerHour, HOUR_MS, at));
      if (wait > 0) throw AppError.rateLimited(nm.requestsThrottled, wait);
      const now = new Date(at).toISOString();
      const notice = negotiationNotice({
        userId: state.lead.seller_id,
        leadId,
        category,
        // The category is one of ours and the domain is the trade's: the message is the subject too.
        subject: `New ${category} request for ${state.domain.domain_unicode}.`,
        message: `New ${category} request for ${state.domain.domain_unicode}.`,
        link: negotiationLink(state.domain.id),
        mailOncePerMs: limits.mailWindowMs,
      });
      await transactionWithChanges(db, async (trx) => {
        await repo.updateLead(trx, leadId, { category, updated_at: now });
        await writeNotices(trx, [notice], { now, publicUrl });
      });
      mailQueued();
      return { domain_lead_id: leadId, category };
    },

    list(principal: Principal, limit: number) {
      return repo.listNotifications(k, principal.user.id, limit);
    },

    markRead(principal: Principal, ids: number[] | 'all') {
      return repo.markRead(k, principal.user.id, ids, nowIso());
    },
  };
}

export type LeadNotificationsService = ReturnType<typeof createLeadNotificationsService>;
