import { createHash } from 'node:crypto';

/**
 * How long a rendered page is kept. Shorter than the shared-cache lifetime the pages advertise,
 * so it adds no staleness a visitor could see.
 */
const RENDER_CACHE_MS = 10_000;
const RENDER_CACHE_MAX = 1_000;

/**
 * A rendered page and the ETag a browser revalidates it with. The page is kept encoded: a cached
 * page is sent many times, and a string would be measured and encoded again for each.
 */
export interface RenderedPage {
  body: Buffer;
  etag: string;
}

/** Adds to a bounded map, dropping its oldest entry when full (Map keeps insertion order). */
function setBounded<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  if (map.size >= RENDER_CACHE_MAX) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/**
 * One server's rendered pages, kept a few seconds per key: a page read by many visitors at once
 * (a link shared somewhere) costs one query and one render, not one each. A page is kept only
 * when asked for a second time within that lifetime: a crawl through many different pages would
 * otherwise fill the cache with pages nobody asks for again, and holding them only makes more
 * work for the garbage collector. Each app instance has its own, so two apps in a process never
 * share pages.
 */
export function createRenderCache() {
  const rendered = new Map<string, RenderedPage & { at: number }>();
  /** When each recently rendered, not (yet) cached page was last asked for. */
  const askedOnce = new Map<string, number>();
  return {
    fresh(key: string): RenderedPage | undefined {
      const hit = rendered.get(key);
      return hit && Date.now() - hit.at < RENDER_CACHE_MS ? hit : undefined;
    },
    /** The page just rendered for `key`, with its ETag; kept if it was asked for recently. */
    keep(key: string, html: string): RenderedPage {
      const now = Date.now();
      const body = Buffer.from(html, 'utf8');
      const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, at: now };
      const asked = askedOnce.get(key);
      if (asked !== undefined && now - asked < RENDER_CACHE_MS) {
        askedOnce.delete(key);
        setBounded(rendered, key, entry);
      } else {
        setBounded(askedOnce, key, now);
      }
      return entry;
    },
  };
}
