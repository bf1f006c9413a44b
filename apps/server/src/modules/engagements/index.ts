/**
 * Hiring freelancers: requests and terms, milestones paid into escrow, the conversation and the
 * reviews. Other modules use only this; the freelancer profiles read the clients' reviews.
 */
export { clientReviewsOf, countClientReviews, findBuyersOrder, findOwnedDomain, refreshFreelancerAggregates, type ReviewRow } from './engagements.repository.js';
export { engagementsAdminRoutes, engagementsRoutes } from './engagements.routes.js';
export { createEngagementsService, type EngagementsService } from './engagements.service.js';
