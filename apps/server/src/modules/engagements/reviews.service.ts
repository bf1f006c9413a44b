import { engagementMessages as em, isEngagementCompleted, type MilestoneStatus, MY_REVIEWS_LIMIT, type MyReviews, type PostReviewRequest, reviewMessages as rm } from '@market/shared';
import { nowIso } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/index.js';
import { theirs } from '../notifications/index.js';
import { conflict, type EngagementAccess, notice } from './engagement-access.js';
import * as repo from './engagements.repository.js';
import type { EngagementView } from './engagements.repository.js';
import { presentMyReview, presentReview } from './engagements.presenter.js';

/** The parties' reviews of each other once an engagement is completed, and the answers to them. */
export function createReviewsService({ k, commit, load }: EngagementAccess) {
  /** The engagement's reviews as one party sees them: theirs, the other side's, whether they may still review. */
  async function reviewsFor(engagement: EngagementView, viewerId: number) {
    const [milestones, rows] = await Promise.all([repo.milestonesOf(k, [engagement.id]), repo.reviewsOfEngagement(k, engagement.id)]);
    const completed = engagement.status === 'active' && isEngagementCompleted(milestones.map((m) => m.status as MilestoneStatus));
    const mine = rows.find((r) => r.author_id === viewerId);
    const theirs = rows.find((r) => r.subject_id === viewerId);
    return { completed, can_review: completed && !mine, mine: mine ? presentReview(mine) : null, theirs: theirs ? presentReview(theirs) : null };
  }

  return {
    /** The reviews the user received, as freelancer and as client, and the ones they wrote. */
    async myReviews(principal: Principal): Promise<MyReviews> {
      const [received, written] = await Promise.all([
        repo.reviewsByParty(k, 'subject', principal.user.id, MY_REVIEWS_LIMIT),
        repo.reviewsByParty(k, 'author', principal.user.id, MY_REVIEWS_LIMIT),
      ]);
      return { received: received.map(presentMyReview), written: written.map(presentMyReview), limit: MY_REVIEWS_LIMIT };
    },

    async reviews(principal: Principal, id: number) {
      const { engagement } = await load(principal, id);
      return reviewsFor(engagement, principal.user.id);
    },

    /**
     * A party reviews the other once the engagement is completed, once. The client's review
     * updates the freelancer profile's completed engagements and rating in the same transaction.
     */
    async postReview(principal: Principal, id: number, body: PostReviewRequest) {
      const { engagement, role } = await load(principal, id);
      const state = await reviewsFor(engagement, principal.user.id);
      if (!state.completed) throw conflict(rm.notCompleted);
      if (state.mine) throw conflict(rm.alreadyReviewed);
      const subjectId = role === 'client' ? engagement.freelancer_id : engagement.client_id;
      try {
        await commit(async (trx) => {
          await repo.insertReview(trx, {
            engagement_id: id,
            author_id: principal.user.id,
            subject_id: subjectId,
            author_role: role === 'client' ? 'client' : 'freelancer',
            stars: body.stars,
            body: body.text,
            created_at: nowIso(),
          });
          if (role === 'client') await repo.refreshFreelancerAggregates(trx, subjectId);
          return [notice(engagement, subjectId, 'You have a new review', `You have a new review (${body.stars} of 5 stars) for ${theirs(engagement.title)}.`)];
        }, engagement);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(rm.alreadyReviewed);
        throw error;
      }
      const mine = (await reviewsFor(engagement, principal.user.id)).mine;
      if (!mine) throw new AppError('NOT_FOUND', em.notFound);
      return mine;
    },

    /** The reviewed party answers the review of them, once. */
    async replyToReview(principal: Principal, id: number, text: string) {
      const { engagement } = await load(principal, id);
      const theirs = (await reviewsFor(engagement, principal.user.id)).theirs;
      if (!theirs) throw conflict(rm.nothingToReply);
      if (theirs.reply !== null || !(await repo.setReviewReply(k, theirs.id, principal.user.id, text, nowIso()))) throw conflict(rm.alreadyReplied);
      const after = (await reviewsFor(engagement, principal.user.id)).theirs;
      if (!after) throw conflict(rm.nothingToReply);
      return after;
    },
  };
}
