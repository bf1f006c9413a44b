import type { FastifyReply } from 'fastify';
import { cspHash } from './html.js';

/**
 * Content-Security-Policy of a server-rendered page: its one inline script (by hash), its
 * stylesheet and pictures from our own origin, nothing else.
 */
export function pageCsp(script: string): string {
  return [
    "default-src 'none'",
    `script-src ${cspHash(script)}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Helmet is off for server-rendered pages (rebuilding its headers cost more than the render);
 * the headers it would set that matter here are set directly, Strict-Transport-Security as
 * Helmet's default gives the app's own pages.
 */
export function securePageHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header('Content-Security-Policy', csp)
    .header('X-Content-Type-Options', 'nosniff')
    .header('X-Frame-Options', 'DENY')
    .header('Referrer-Policy', 'strict-origin-when-cross-origin')
    .header('Cross-Origin-Opener-Policy', 'same-origin')
    .header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/** A page's id from its address: digits only, within an integer column; otherwise none. */
export function pageId(raw: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}
