import {
  applicationBody,
  hireResultSchema,
  jobApplicationSchema,
  jobBody,
  jobListQuery,
  jobListSchema,
  jobSchema,
  myApplicationListSchema,
  myJobListSchema,
  recordId,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalAuth, principalOf, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import type { JobsService } from './jobs.service.js';

const idParams = z.object({ id: recordId });

/** Job posts: the public listing and job pages, the founder's posts and the freelancers' applications. */
export const jobsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; jobs: JobsService }> = async (app, { auth, jobs }) => {
  const authenticated = requireAuth(auth);
  const tags = ['jobs'];
  const one = { 200: jobSchema };
  const application = { 200: jobApplicationSchema };

  app.get('/', { schema: { tags, querystring: jobListQuery, response: { 200: jobListSchema } } }, async (request) => jobs.list(request.query));
  app.post('/', { onRequest: authenticated, schema: { tags, body: jobBody, response: { 201: jobSchema } } }, async (request, reply) => {
    reply.status(201);
    return jobs.create(principalOf(request), request.body);
  });
  // Static paths: the router tries them before '/:id' and '/applications/:id', whatever the order here.
  app.get('/mine/', { onRequest: authenticated, schema: { tags, response: { 200: myJobListSchema } } }, async (request) => jobs.mine(principalOf(request)));
  app.get('/applications/mine/', { onRequest: authenticated, schema: { tags, response: { 200: myApplicationListSchema } } }, async (request) =>
    jobs.myApplications(principalOf(request)),
  );
  app.get('/:id', { onRequest: optionalAuth(auth), schema: { tags, params: idParams, response: one } }, async (request) => jobs.get(request.params.id, request.principal));
  app.put('/:id', { onRequest: authenticated, schema: { tags, params: idParams, body: jobBody, response: one } }, async (request) =>
    jobs.update(principalOf(request), request.params.id, request.body),
  );
  app.post('/:id/close', { onRequest: authenticated, schema: { tags, params: idParams, response: one } }, async (request) => jobs.close(principalOf(request), request.params.id));
  app.get('/:id/applications', { onRequest: authenticated, schema: { tags, params: idParams, response: { 200: z.array(jobApplicationSchema) } } }, async (request) =>
    jobs.applications(principalOf(request), request.params.id),
  );
  app.post(
    '/:id/applications',
    { onRequest: authenticated, schema: { tags, params: idParams, body: applicationBody, response: { 201: jobApplicationSchema } } },
    async (request, reply) => {
      reply.status(201);
      return jobs.apply(principalOf(request), request.params.id, request.body);
    },
  );
  app.post('/applications/:id/withdraw', { onRequest: authenticated, schema: { tags, params: idParams, response: application } }, async (request) =>
    jobs.withdraw(principalOf(request), request.params.id),
  );
  app.post('/applications/:id/shortlist', { onRequest: authenticated, schema: { tags, params: idParams, response: application } }, async (request) =>
    jobs.shortlist(principalOf(request), request.params.id),
  );
  app.post('/applications/:id/decline', { onRequest: authenticated, schema: { tags, params: idParams, response: application } }, async (request) =>
    jobs.decline(principalOf(request), request.params.id),
  );
  app.post('/applications/:id/hire', { onRequest: authenticated, schema: { tags, params: idParams, response: { 200: hireResultSchema } } }, async (request) =>
    jobs.hire(principalOf(request), request.params.id),
  );
};
