import { settingsMessages, subscribeRequest } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';

/** The footer's subscribe box: each address is stored once, and nobody learns whether it was new. */
export const subscribersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/subscribe/',
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } }, schema: { tags: ['subscribe'], body: subscribeRequest } },
    async (request) => {
      await db.kysely
        .insertInto('subscribers')
        .values({ email: request.body.email, created_at: nowIso() })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      return { status: 'OK', message: settingsMessages.subscribed };
    },
  );
};
