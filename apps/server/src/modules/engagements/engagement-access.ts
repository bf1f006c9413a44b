import { engagementMessages as em } from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { noteChange } from '../../lib/live-events/index.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { Principal } from '../auth/index.js';
import type { DealPaymentProvider, EscrowEngine } from '../escrow/index.js';
import { commitWithNotices, type Notice } from '../notifications/index.js';
import * as repo from './engagements.repository.js';
import type { EngagementView } from './engagements.repository.js';
import { type EngagementRole, presentEngagement } from './engagements.presenter.js';
import { withEngagement } from './milestone-escrow.js';

export interface EngagementsDeps {
  db: Db;
  engine: EscrowEngine;
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

export function notice(e: Pick<EngagementView, 'id'>, userId: number, subject: string, message: string, extra: Partial<Notice> = {}): Notice {
  return { userId, leadId: null, category: 'engagement', subject, message, link: engagementLink(e.id), linkLabel: 'Open the engagement', ...extra };
}

export function roleOf(e: EngagementView, userId: number): EngagementRole | undefined {
  if (e.client_id === userId) return 'client';
  if (e.freelancer_id === userId) return 'freelancer';
  return undefined;
}

/** What every part of the engagements service needs: the parties' access to one engagement, its presentation, and committing with notices. */
export function createEngagementAccess({ db, engine, mailQueued, bankDetails, publicUrl }: Pick<EngagementsDeps, 'db' | 'engine' | 'mailQueued' | 'bankDetails' | 'publicUrl'>) {
  const k = db.kysely;

  /** Engagements as one viewer sees them, each milestone with the viewer's next steps. */
  async function presentMany(engagements: EngagementView[], viewerId: number, withEvents: boolean) {
    const ids = engagements.map((e) => e.id);
    const [milestones, unread] = await Promise.all([repo.milestonesOf(k, ids), repo.unreadCounts(k, viewerId, ids)]);
    const byId = new Map(engagements.map((e) => [e.id, e]));
    const roleFor = (engagementId: number): EngagementRole => roleOf(byId.get(engagementId)!, viewerId) ?? 'client';
    const next = await engine.views(
      'milestone',
      milestones.map((m) => withEngagement(m, byId.get(m.engagement_id)!)),
      (m) => roleFor(m.engagement_id),
    );
    return Promise.all(
      engagements.map(async (e) =>
        presentEngagement(e, milestones.filter((m) => m.engagement_id === e.id), withEvents ? await repo.eventsOf(k, e.id) : [], roleFor(e.id), {
          bankDetails,
          unread: unread.get(e.id) ?? 0,
          next,
        }),
      ),
    );
  }

  return {
    k,

    /** A change and its notices in one transaction; the engagement's parties' open pages follow it after the commit. */
    commit: (work: (trx: Executor) => Promise<Notice[]>, engagement?: Pick<EngagementView, 'id' | 'client_id' | 'freelancer_id'>) =>
      commitWithNotices(
        db,
        async (trx) => {
          if (engagement) noteChange(trx, { kind: 'engagement', id: engagement.id }, [engagement.client_id, engagement.freelancer_id]);
          return work(trx);
        },
        { publicUrl, mailQueued },
      ),

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
      return (await presentMany([engagement], viewer.id, true))[0]!;
    },

    presentMany,
  };
}

export type EngagementAccess = ReturnType<typeof createEngagementAccess>;
