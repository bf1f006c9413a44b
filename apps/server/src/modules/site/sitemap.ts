import { staticPages } from '@market/shared';
import type { Executor } from '../../db/database.js';

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;

interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD, when known. */
  lastmod?: string;
}

/** The public pages that are always there: home, the marketing and legal pages, the directories. */
const fixedPaths = ['/', ...staticPages.map((page) => page.path), '/freelancers', '/jobs', '/sponsored-headlines', '/contact'];

const day = (iso: string) => iso.slice(0, 10);

/**
 * What search engines may index, up to `limit` URLs: the fixed pages, then open jobs, published
 * freelancer profiles and approved domains' landing pages, newest changes first in each, so a cut
 * at the limit drops the oldest landing pages.
 */
export async function sitemapEntries(db: Executor, limit = SITEMAP_MAX_URLS): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = fixedPaths.slice(0, limit).map((path) => ({ path }));
  const left = () => limit - entries.length;
  if (left() > 0) {
    const jobs = await db.selectFrom('jobs').select(['id', 'updated_at']).where('status', '=', 'open').orderBy('id', 'desc').limit(left()).execute();
    entries.push(...jobs.map((j) => ({ path: `/jobs/${j.id}`, lastmod: day(j.updated_at) })));
  }
  if (left() > 0) {
    const profiles = await db
      .selectFrom('freelancer_profiles')
      .select(['user_id', 'updated_at'])
      .where('published', '=', 1)
      .orderBy('user_id', 'desc')
      .limit(left())
      .execute();
    entries.push(...profiles.map((p) => ({ path: `/freelancers/${p.user_id}`, lastmod: day(p.updated_at) })));
  }
  if (left() > 0) {
    const domains = await db.selectFrom('domains').select(['id', 'updated_at']).where('status', '=', 'approved').orderBy('id', 'desc').limit(left()).execute();
    entries.push(...domains.map((d) => ({ path: `/landing/${d.id}`, lastmod: day(d.updated_at) })));
  }
  return entries;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function renderSitemap(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(publicUrl + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers: everything public, nothing behind a sign-in or in the API, and where the sitemap is. */
export function renderRobots(publicUrl: string): string {
  const privatePaths = [
    '/api/',
    '/login',
    '/register',
    '/forgot-password',
    '/my_stable',
    '/stable',
    '/domain-leads',
    '/orders/',
    '/buy_order',
    '/engagements',
    '/hire/',
    '/checkout',
    '/Checkout',
    '/profile',
    '/settings',
    '/BrokerPage',
    '/PortfolioApproval',
    '/UserList',
  ];
  return ['User-agent: *', ...privatePaths.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
