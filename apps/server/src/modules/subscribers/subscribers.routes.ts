import { settingsMessages, subscribeRequest, subscribeResponse } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { addSubscriber } from './subscribers.repository.js';

/** The footer's subscribe box: each address is stored once, and nobody learns whether it was new. */
export const subscribersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/subscribe/',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['subscribe'], body: subscribeRequest, response: { 200: subscribeResponse } },
    },
    async (request) => {
      await addSubscriber(db.kysely, request.body.email, nowIso());
      return { status: 'OK' as const, message: settingsMessages.subscribed };
    },
  );
};
