import { mailOutboxCountsSchema } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireAuth } from '../lib/auth-guard.js';
import type { AuthService } from '../modules/auth/index.js';
import type { MailOutbox } from './outbox.js';

/** GET /api/admin/mail-outbox/: how much mail waits, was given up, or left (admins only). */
export const mailOutboxRoutes: FastifyPluginAsyncZod<{ auth: AuthService; outbox: MailOutbox }> = async (app, { auth, outbox }) => {
  app.addHook('onRequest', requireAuth(auth));
  app.addHook('onRequest', requireAdmin);
  app.get('/mail-outbox/', { schema: { tags: ['admin'], response: { 200: mailOutboxCountsSchema } } }, async () => outbox.counts());
};
