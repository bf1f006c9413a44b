import {
  adminVideoSchema,
  noContent,
  recordId,
  uploadPolicySchema,
  videoFilterChips,
  videoModerationActions,
  videoPitchSchema,
  videoUrlSchema,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAdmin, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import type { VideosService } from './videos.service.js';

const id = recordId;
const fileName = z.string().trim().min(1).max(255);

export const videosRoutes: FastifyPluginAsyncZod<{ auth: AuthService; videos: VideosService }> = async (app, { auth, videos }) => {
  app.addHook('onRequest', requireAuth(auth));
  const tags = ['video pitches'];

  app.post(
    '/video-upload-url/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: z.object({ domain_id: id, file_name: fileName, content_type: z.string().max(100), size: z.number().int().min(1) }),
        response: { 200: uploadPolicySchema },
      },
    },
    async (request) => videos.requestUpload(principalOf(request), request.body),
  );

  app.post('/upload_video/', { schema: { tags, body: z.object({ domain_id: id, file_name: fileName }), response: { 201: videoPitchSchema } } }, async (request, reply) =>
    reply.status(201).send(await videos.record(principalOf(request), request.body)),
  );

  // Clients read the playable URL as a bare JSON string; sent already encoded, so the schema describes it.
  app.get('/get_video/:id', { schema: { tags, params: z.object({ id }), response: { 200: videoUrlSchema } } }, async (request, reply) =>
    reply.type('application/json').send(JSON.stringify(await videos.playUrl(principalOf(request), request.params.id))),
  );

  app.get(
    '/video-pitches/',
    {
      schema: {
        tags,
        querystring: z.object({
          filter: z.enum(videoFilterChips.map((c) => c.filter) as [string, ...string[]]).default('all'),
        }),
        response: { 200: z.array(videoPitchSchema) },
      },
    },
    async (request) => videos.list(principalOf(request), request.query.filter as Parameters<VideosService['list']>[1]),
  );

  // The domain's owner accepts (approve) or declines (deny) a pitch sent to them.
  app.post(
    '/video-pitches/:id/review/',
    { schema: { tags, params: z.object({ id }), body: z.object({ action: z.enum(['approve', 'deny']) }), response: { 200: videoPitchSchema } } },
    async (request) => videos.review(principalOf(request), request.params.id, request.body.action),
  );

  // The admins' moderation, apart from the owner's answer above.
  app.post(
    '/admin/videos/:id/moderation/',
    {
      onRequest: requireAdmin,
      schema: { tags, params: z.object({ id }), body: z.object({ action: z.enum(videoModerationActions) }), response: { 200: adminVideoSchema } },
    },
    async (request) => videos.moderate(principalOf(request), request.params.id, request.body.action),
  );

  app.delete('/video-pitches/:id/', { schema: { tags, params: z.object({ id }), response: { 204: noContent } } }, async (request, reply) => {
    await videos.remove(principalOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
