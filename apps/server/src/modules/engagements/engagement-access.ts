import { engagementMessages as em } from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { CounterStore } from '../../lib/counter-store.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { Principal } from '../auth/auth.service.js';
import type { DealPaymentProvider } from '../deals/payment-provider.js';
import { commitWithNotices, type Notice } from '../notifications/notices.js';
import * as repo from './engagements.repository.js';
import type { EngagementView } from './engagements.repository.js';
import { type EngagementRole, presentEngagement } from './engagements.presenter.js';

export interface EngagementsDeps {
  db: Db;
  payments: DealPaymentProvider;
  /** Where message attachments go (the same adapter as video pitches). */
  storage: ObjectStorage;
  counters: CounterStore;
  settings: AppConfig['engagements'];
  mailQueued: () => void;
  bankDetails: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The time the throttles go by (tests pin it). */
  clock?: () => number;
}

export const conflict = (message: string) => new AppError('CONFLICT', message);
export const engagementLink = (id: number) => `/engagements/${id}`;

export function notice(e: Pick<EngagementView, 'id'>, userId: number, message: string, extra: Partial<Notice> = {}): Notice {
  return { userId, leadId: null, category: 'engagement', message, link: engagementLink(e.id), linkLabel: 'Open the engagement', ...extra };
}

export function roleOf(e: EngagementView, userId: number): EngagementRole | undefined {
  if (e.client_id === userId) return 'client';
  if (e.freelancer_id === userId) return 'freelancer';
  return undefined;
}

/** What every part of the engagements service needs: the parties' access to one engagement, its presentation, and committing with notices. */
export function createEngagementAccess({ db, mailQueued, bankDetails, publicUrl }: Pick<EngagementsDeps, 'db' | 'mailQueued' | 'bankDetails' | 'publicUrl'>) {
  const k = db.kysely;

  return {
    k,

    commit: (work: (trx: Executor) => Promise<Notice[]>) => commitWithNotices(db, work, { publicUrl, mailQueued }),

    /** Only the two parties see an engagement; anyone else is told it does not exist. */
    async load(principal: Principal, id: number, allowed?: readonly EngagementRole[]) {
      const engagement = await repo.findEngagement(k, id);
      const role = engagement ? roleOf(engagement, principal.user.id) : undefined;
      if (!engagement || !role) throw new AppError('NOT_FOUND', em.notFound);
      if (allowed && !allowed.includes(role)) throw new AppError('FORBIDDEN', allowed.includes('client') ? em.clientOnly : em.freelancerOnly);
      return { engagement, role };
    },

    async present(id: number, viewer: { id: number; role: EngagementRole }) {
      const engagement = await repo.findEngagement(k, id);
      if (!engagement) throw new AppError('NOT_FOUND', em.notFound);
      const [milestones, events, unread] = await Promise.all([repo.milestonesOf(k, [id]), repo.eventsOf(k, id), repo.unreadCounts(k, viewer.id, [id])]);
      return presentEngagement(engagement, milestones, events, viewer.role, { bankDetails, unread: unread.get(id) ?? 0 });
    },
  };
}

export type EngagementAccess = ReturnType<typeof createEngagementAccess>;
