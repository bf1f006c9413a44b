import { createEngagementAccess, type EngagementsDeps } from './engagement-access.js';
import { createMessagesService } from './messages.service.js';
import { createMilestonesService } from './milestones.service.js';
import { createReviewsService } from './reviews.service.js';
import { createTermsService } from './terms.service.js';

/** Hiring a freelancer, as one service: the terms, the milestones' escrow, the conversation and the reviews. */
export function createEngagementsService(deps: EngagementsDeps) {
  const access = createEngagementAccess(deps);
  return {
    ...createTermsService(deps, access),
    ...createMilestonesService(deps, access),
    ...createMessagesService(deps, access),
    ...createReviewsService(access),
  };
}

export type EngagementsService = ReturnType<typeof createEngagementsService>;
