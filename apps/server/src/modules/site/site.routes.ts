import { siteContactSchema } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Facts about the site itself that every visitor may read, such as where to write to us. */
export const siteRoutes: FastifyPluginAsyncZod<{ supportEmail: string }> = async (app, { supportEmail }) => {
  app.get(
    '/contact/',
    { schema: { tags: ['site'], response: { 200: siteContactSchema } } },
    async (_request, reply) => {
      // The same for everyone and changed only by a restart.
      reply.header('Cache-Control', 'public, max-age=300');
      return { support_email: supportEmail };
    },
  );
};
