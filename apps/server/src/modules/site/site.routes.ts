import { plainText, siteContactSchema, xmlDocument } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { renderRobots, renderSitemap, sitemapEntries } from './sitemap.js';

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

const SITEMAP_FRESH_MS = 10 * 60_000;

/** /robots.txt and /sitemap.xml at the site's root, for crawlers. */
export const crawlerRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const robots = renderRobots(publicUrl);
  app.get('/robots.txt', { schema: { hide: true, response: { 200: plainText } } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return robots;
  });

  // Up to 50,000 rows read at most every 10 minutes per instance, whoever asks.
  let kept: { body: string; at: number } | undefined;
  app.get('/sitemap.xml', { schema: { hide: true, response: { 200: xmlDocument } } }, async (_request, reply) => {
    if (!kept || Date.now() - kept.at > SITEMAP_FRESH_MS) kept = { body: renderSitemap(publicUrl, await sitemapEntries(db.kysely)), at: Date.now() };
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600');
    return kept.body;
  });
};
