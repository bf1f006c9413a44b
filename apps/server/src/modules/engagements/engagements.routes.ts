import {
  acceptTermsRequest,
  adminMilestoneSchema,
  attachmentUploadRequest,
  attachmentUploadSchema,
  bankRecordRequest,
  createEngagementRequest,
  declineRequest,
  deliverRequest,
  disputeRequest,
  engagementMessageSchema,
  engagementReviewsSchema,
  engagementSchema,
  freelancerSchema,
  milestoneStatuses,
  myReviewsSchema,
  postMessageRequest,
  postReviewReplyRequest,
  postReviewRequest,
  proposeTermsRequest,
  recordId,
  resolveDisputeRequest,
  reviewSchema,
  unreadCountSchema,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAdmin, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import type { EngagementsService } from './engagements.service.js';

const idParams = z.object({ id: recordId });
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** The parties' side of hiring: `/api/engagements/...` (requests, engagements, milestones, messages). */
export const engagementsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; engagements: EngagementsService }> = async (app, { auth, engagements }) => {
  app.addHook('onRequest', requireAuth(auth));
  const tags = ['engagements'];
  const one = { 200: engagementSchema };

  app.get('/', { schema: { tags, response: { 200: z.array(engagementSchema) } } }, async (request) => engagements.list(principalOf(request)));
  app.post('/', { schema: { tags, body: createEngagementRequest, response: { 201: engagementSchema } } }, async (request, reply) => {
    reply.status(201);
    return engagements.create(principalOf(request), request.body);
  });
  app.get('/freelancers/:id', { schema: { tags, params: idParams, response: { 200: freelancerSchema } } }, async (request) =>
    engagements.freelancer(request.params.id),
  );
  app.get('/unread', { schema: { tags, response: { 200: unreadCountSchema } } }, async (request) => engagements.unreadTotal(principalOf(request)));
  app.get('/reviews/mine/', { schema: { tags, response: { 200: myReviewsSchema } } }, async (request) => engagements.myReviews(principalOf(request)));
  app.get('/:id', { schema: { tags, params: idParams, response: one } }, async (request) => engagements.get(principalOf(request), request.params.id));
  app.post('/:id/accept', { schema: { tags, params: idParams, body: acceptTermsRequest, response: one } }, async (request) =>
    engagements.accept(principalOf(request), request.params.id, request.body.terms_version),
  );
  app.post('/:id/propose', { schema: { tags, params: idParams, body: proposeTermsRequest, response: one } }, async (request) =>
    engagements.propose(principalOf(request), request.params.id, request.body),
  );
  app.post('/:id/decline', { schema: { tags, params: idParams, body: declineRequest, response: one } }, async (request) =>
    engagements.decline(principalOf(request), request.params.id, request.body.reason),
  );
  app.post('/:id/withdraw', { schema: { tags, params: idParams, response: one } }, async (request) =>
    engagements.withdraw(principalOf(request), request.params.id),
  );
  app.get('/:id/messages', { schema: { tags, params: idParams, response: { 200: z.array(engagementMessageSchema) } } }, async (request) =>
    engagements.messages(principalOf(request), request.params.id),
  );
  app.post('/:id/messages', { schema: { tags, params: idParams, body: postMessageRequest, response: { 201: engagementMessageSchema } } }, async (request, reply) => {
    reply.status(201);
    return engagements.postMessage(principalOf(request), request.params.id, request.body);
  });
  app.get('/:id/reviews', { schema: { tags, params: idParams, response: { 200: engagementReviewsSchema } } }, async (request) =>
    engagements.reviews(principalOf(request), request.params.id),
  );
  app.post('/:id/reviews', { schema: { tags, params: idParams, body: postReviewRequest, response: { 201: reviewSchema } } }, async (request, reply) => {
    reply.status(201);
    return engagements.postReview(principalOf(request), request.params.id, request.body);
  });
  app.post('/:id/reviews/reply', { schema: { tags, params: idParams, body: postReviewReplyRequest, response: { 200: reviewSchema } } }, async (request) =>
    engagements.replyToReview(principalOf(request), request.params.id, request.body.text),
  );
  app.post(
    '/:id/attachments',
    { config: perMinute(30), schema: { tags, params: idParams, body: attachmentUploadRequest, response: { 200: attachmentUploadSchema } } },
    async (request) => engagements.attachmentUpload(principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/milestones/:id/checkout',
    { config: perMinute(20), schema: { tags, params: idParams, response: { 200: z.object({ url: z.string() }) } } },
    async (request) => engagements.checkout(principalOf(request), request.params.id),
  );
  app.post('/milestones/:id/deliver', { schema: { tags, params: idParams, body: deliverRequest, response: one } }, async (request) =>
    engagements.deliver(principalOf(request), request.params.id, request.body.note),
  );
  app.post('/milestones/:id/approve', { schema: { tags, params: idParams, response: one } }, async (request) =>
    engagements.approve(principalOf(request), request.params.id),
  );
  app.post('/milestones/:id/cancel', { schema: { tags, params: idParams, response: one } }, async (request) =>
    engagements.cancel(principalOf(request), request.params.id),
  );
  app.post('/milestones/:id/dispute', { config: perMinute(10), schema: { tags, params: idParams, body: disputeRequest, response: one } }, async (request) =>
    engagements.dispute(principalOf(request), request.params.id, request.body.reason),
  );
};

/** The admin's side of milestone money: `/api/admin/milestones/...`, beside the orders' in Finance. */
export const engagementsAdminRoutes: FastifyPluginAsyncZod<{ auth: AuthService; engagements: EngagementsService }> = async (app, { auth, engagements }) => {
  app.addHook('onRequest', requireAuth(auth));
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];
  const one = { 200: adminMilestoneSchema };

  app.get('/milestones', { schema: { tags, querystring: z.object({ status: z.enum(milestoneStatuses).optional() }), response: { 200: z.array(adminMilestoneSchema) } } }, async (request) =>
    engagements.adminList(request.query.status),
  );
  app.post('/milestones/:id/payment', { schema: { tags, params: idParams, body: bankRecordRequest, response: one } }, async (request) =>
    engagements.adminRecordPayment(principalOf(request), request.params.id, request.body),
  );
  app.post('/milestones/:id/payout', { schema: { tags, params: idParams, body: bankRecordRequest, response: one } }, async (request) =>
    engagements.recordPayout(principalOf(request), request.params.id, request.body.reference),
  );
  app.post('/milestones/:id/refund', { schema: { tags, params: idParams, body: bankRecordRequest, response: one } }, async (request) =>
    engagements.recordRefund(principalOf(request), request.params.id, request.body.reference),
  );
  app.post('/milestones/:id/resolve', { schema: { tags, params: idParams, body: resolveDisputeRequest, response: one } }, async (request) =>
    engagements.resolve(principalOf(request), request.params.id, request.body.decision, request.body.note),
  );
};
