import {
  freelancerAdminListSchema,
  freelancerAdminQuery,
  freelancerAdminSchema,
  freelancerAvatarRecordBody,
  freelancerAvatarUploadBody,
  freelancerAvatarUploadSchema,
  freelancerBadgeAwardBody,
  freelancerBadgeParams,
  freelancerDirectoryQuery,
  freelancerDirectorySchema,
  freelancerIdParams,
  freelancerOwnSchema,
  freelancerProfileBody,
  freelancerProfileSchema,
  freelancerShowcaseSchema,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalAuth, principalOf, requireAdmin, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import type { FreelancersService } from './freelancers.service.js';

/** The freelancer network: the public directory and profiles, and each freelancer's own profile. */
export const freelancersRoutes: FastifyPluginAsyncZod<{ auth: AuthService; freelancers: FreelancersService }> = async (app, { auth, freelancers }) => {
  const authenticated = requireAuth(auth);
  const tags = ['freelancers'];

  app.get('/', { schema: { tags, querystring: freelancerDirectoryQuery, response: { 200: freelancerDirectorySchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'public, max-age=30');
    return freelancers.directory(request.query);
  });

  app.get('/showcase/', { schema: { tags, response: { 200: freelancerShowcaseSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=60');
    return freelancers.showcase();
  });

  app.get('/me/', { onRequest: authenticated, schema: { tags, response: { 200: freelancerOwnSchema } } }, async (request) =>
    freelancers.own(principalOf(request)),
  );
  app.put('/me/', { onRequest: authenticated, schema: { tags, body: freelancerProfileBody, response: { 200: freelancerOwnSchema } } }, async (request) =>
    freelancers.save(principalOf(request), request.body),
  );
  app.post(
    '/me/publish/',
    { onRequest: authenticated, schema: { tags, body: z.object({ published: z.boolean() }).strict(), response: { 200: freelancerOwnSchema } } },
    async (request) => freelancers.setPublished(principalOf(request), request.body.published),
  );
  app.post(
    '/me/avatar-upload-url/',
    {
      onRequest: authenticated,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: freelancerAvatarUploadBody, response: { 200: freelancerAvatarUploadSchema } },
    },
    async (request) => freelancers.requestAvatarUpload(principalOf(request), request.body),
  );
  app.put('/me/avatar/', { onRequest: authenticated, schema: { tags, body: freelancerAvatarRecordBody, response: { 200: freelancerOwnSchema } } }, async (request) =>
    freelancers.recordAvatar(principalOf(request), request.body.key),
  );
  app.delete('/me/avatar/', { onRequest: authenticated, schema: { tags, response: { 200: freelancerOwnSchema } } }, async (request) =>
    freelancers.removeAvatar(principalOf(request)),
  );

  app.get(
    '/:id/',
    { onRequest: optionalAuth(auth), schema: { tags, params: freelancerIdParams, response: { 200: freelancerProfileSchema } } },
    async (request) => freelancers.profile(request.principal, request.params.id),
  );

  // The picture of a published profile: a redirect to a short-lived signed link.
  app.get('/:id/avatar', { schema: { tags, params: freelancerIdParams, response: { 302: z.null() } } }, async (request, reply) =>
    reply.header('Cache-Control', 'public, max-age=300').redirect(await freelancers.avatarLink(request.params.id)),
  );
};

/** The admin's side: every profile, and awarding or withdrawing passed-test badges. */
export const freelancersAdminRoutes: FastifyPluginAsyncZod<{ auth: AuthService; freelancers: FreelancersService }> = async (app, { auth, freelancers }) => {
  app.addHook('onRequest', requireAuth(auth));
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];

  app.get('/freelancers/', { schema: { tags, querystring: freelancerAdminQuery, response: { 200: freelancerAdminListSchema } } }, async (request) =>
    freelancers.adminList(request.query.q, request.query.page),
  );
  app.post(
    '/freelancers/:id/badges/',
    { schema: { tags, params: freelancerIdParams, body: freelancerBadgeAwardBody, response: { 201: freelancerAdminSchema } } },
    async (request, reply) => reply.status(201).send(await freelancers.awardBadge(principalOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/freelancers/:id/badges/:badgeId/',
    { schema: { tags, params: freelancerBadgeParams, response: { 200: freelancerAdminSchema } } },
    async (request) => freelancers.withdrawBadge(principalOf(request), request.params.id, request.params.badgeId),
  );
};
