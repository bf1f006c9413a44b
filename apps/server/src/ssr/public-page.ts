import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { siteTheme as t } from '@market/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cspHash, html, raw, type Raw } from './html.js';
import { securePageHeaders } from './page-security.js';
import type { RenderedPage } from './render-cache.js';
import { FRAME_SCRIPT, FRAME_STYLE, siteFooter, siteHeader } from './site-frame.js';

/**
 * The style of the public lists and pages the server renders without the app (search results,
 * the freelancer directory, jobs, static pages): the site frame, cards, a GET filter form, a
 * results table that turns into cards on a phone, and a pager of links.
 */
const STYLE = `${FRAME_STYLE}
.page{max-width:${t.contentWidth}px;width:100%;margin:0 auto;padding:16px}
h1{font-size:1.75rem;font-weight:700;line-height:1.2;margin:0 0 4px;overflow-wrap:anywhere}h2{font-size:1.25rem;font-weight:700;margin:0 0 4px}
.head{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:12px;margin:0 0 20px}.head p{margin:0;color:${t.textSecondary}}
.card{background:${t.paper};border:1px solid ${t.divider};border-radius:${t.radius * 1.5}px;padding:16px;min-width:0}
.grid{display:grid;gap:16px;grid-template-columns:minmax(0,1fr)}
.note{background:#e5f6fd;border-radius:${t.radius}px;padding:12px 16px;margin:0 0 16px}.warn{background:#fff4e5}
form.filters{display:grid;gap:12px;grid-template-columns:minmax(0,1fr);margin:0 0 20px;align-items:end}
.field{display:flex;flex-direction:column;gap:4px;min-width:0}.field label,.legend{font-size:.8125rem;font-weight:600;color:${t.textSecondary}}
.field input,.field select{font:inherit;height:40px;padding:6px 12px;border:1px solid rgba(0,0,0,.23);border-radius:${t.radius}px;background:${t.paper};color:${t.text};min-width:0;width:100%}
.field input:hover,.field select:hover{border-color:${t.text}}
fieldset{border:0;margin:0;padding:0;min-width:0}.checks{display:flex;flex-wrap:wrap;gap:4px 16px}.checks label{display:flex;align-items:center;gap:6px;font-size:.9375rem;min-height:32px}
.checks input{width:18px;height:18px;margin:0}.row{display:grid;gap:12px;grid-template-columns:repeat(2,minmax(0,1fr))}
.fbtns{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.count{margin:0 0 12px;color:${t.textSecondary}}.empty{text-align:center;padding:32px 16px}.empty p{margin:0}.empty p+p{color:${t.textSecondary};margin-top:4px}
.items{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:minmax(0,1fr)}
.items>li{background:${t.paper};border:1px solid ${t.divider};border-radius:${t.radius * 1.5}px;padding:16px;display:grid;gap:8px;align-content:start;min-width:0}
.items h2{font-size:1.15rem;line-height:1.3;margin:0;overflow-wrap:anywhere}.items p{margin:0}
.who{display:flex;gap:12px;align-items:flex-start}.av{width:48px;height:48px;border-radius:50%;object-fit:cover;flex-shrink:0;background:${t.background}}
.ini{display:flex;align-items:center;justify-content:center;font-weight:700;color:#fff;background:${t.secondary}}
.tags{list-style:none;display:flex;flex-wrap:wrap;gap:6px;padding:0;margin:0}.tags li{border:1px solid ${t.divider};border-radius:16px;padding:0 10px;font-size:.8125rem;line-height:24px}
.tags li.c{background:${t.primary};border-color:${t.primary};color:#fff}.tags li.b{border-color:${t.secondary};color:${t.secondary}}
.stars{color:${t.accent};letter-spacing:1px}.lvl{display:inline-block;border:1px solid ${t.primary};color:${t.primary};border-radius:14px;padding:0 8px;font-size:.8125rem;font-weight:600}
.chip{display:inline-flex;align-items:center;height:28px;padding:0 12px;border-radius:14px;background:#2e7d32;color:#fff;font-size:.8125rem;font-weight:600}.chip.off{background:${t.textSecondary}}
.strong{font-weight:600}.acts{display:flex;flex-wrap:wrap;gap:8px;align-items:center}.btn.sm{padding:4px 10px;font-size:.8125rem;white-space:nowrap}.btn.alt.sm{padding:3px 9px}
.pager{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;margin:16px 0 0}.pager .small{margin:0}
.cards3{display:grid;gap:16px;grid-template-columns:minmax(0,1fr);margin:0 0 32px}.lcard{padding:0;display:flex;flex-direction:column}
.lcard h2{padding:12px 16px 0;font-size:1.15rem}.lcard .small{padding:0 16px 8px}.lcard ul{list-style:none;margin:0;padding:0}
.lcard li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;padding:8px 16px;border-top:1px solid ${t.divider}}.lcard li a.d{font-weight:600;overflow-wrap:anywhere}
.lcard .empty{border-top:1px solid ${t.divider}}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:8px 12px;border-bottom:1px solid ${t.divider};vertical-align:middle}th{background:#fafafa;font-size:.875rem;white-space:nowrap}
td.n,th.n{text-align:right}td.d{font-weight:600;overflow-wrap:anywhere;min-width:160px}
.results{display:grid;gap:16px;grid-template-columns:minmax(0,1fr);align-items:start}
.results aside fieldset+fieldset,.results aside .field+fieldset,.results aside fieldset+.field,.results aside .row+fieldset{border-top:1px solid ${t.divider};padding-top:12px}
.results aside form{display:grid;gap:12px}.fold:focus-visible+label{outline:3px solid ${t.accent};outline-offset:2px}.foldbtn{width:100%}
.tablewrap{overflow-x:auto}.lists{display:contents}
@media (max-width:599.95px){.fold:not(:checked)~.lists{display:none}}@media (min-width:600px){.lists-btn,form.filters .fold{display:none}}
.prose{max-width:880px}.prose h2{margin:24px 0 8px}.prose>h2:first-child{margin-top:0}.prose p,.prose li{line-height:1.6}
.prose details{border-bottom:1px solid ${t.divider}}.prose summary{cursor:pointer;padding:12px 0}.prose summary h2{display:inline;font-size:1.1rem;margin:0}
.desc{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
@media (max-width:899.95px){table,thead,tbody,tr,td{display:block}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
tr{border:1px solid ${t.divider};border-radius:${t.radius}px;margin:12px;padding:8px 0}td{border:0;padding:4px 12px;display:flex;justify-content:space-between;gap:12px;text-align:right}
td::before{content:attr(data-label);font-weight:600;color:${t.textSecondary};text-align:left}td.d{justify-content:flex-start;text-align:left;font-size:1.05rem}td.d::before{content:none}td.a{justify-content:flex-start}td.a::before{content:none}
td.emptyrow{display:block;text-align:center}td.emptyrow::before{content:none}.fold:not(:checked)~form{display:none}.fold:checked~form{margin-top:12px}}
@media (min-width:600px){.page{padding:24px}h1{font-size:2.125rem}form.filters{grid-template-columns:repeat(2,minmax(0,1fr))}.items{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:${t.menuBreakpoint}px){.page{padding:32px 24px}form.filters{grid-template-columns:repeat(4,minmax(0,1fr))}form.filters .wide{grid-column:span 2}
.cards3{grid-template-columns:repeat(3,minmax(0,1fr))}.results{grid-template-columns:260px minmax(0,1fr)}.foldbtn,.results .fold{display:none}td.d{white-space:nowrap;overflow-wrap:normal}}
@media (min-width:1200px){.items.three{grid-template-columns:repeat(3,minmax(0,1fr))}}`;

export const PUBLIC_STYLESHEET = {
  path: `/pages/public-${createHash('sha256').update(STYLE).digest('base64url').slice(0, 16)}.css`,
  body: STYLE,
};

/**
 * The pages' script: the frame's (signed-in header, log out, subscribe), then, on a page that
 * the app shows differently to a signed-in user (its own domains, its jobs and applications),
 * the app itself for a signed-in session: the page's own style goes, and the app's scripts,
 * listed in the body's `data-shell` (entry first), take over. A visitor who is not signed in
 * never loads the app here. Plain ES2017, no build step; allowed by its hash.
 */
export const PUBLIC_SCRIPT = `(function () {
${FRAME_SCRIPT}var shell = (document.body.getAttribute('data-shell') || '').split(' ').filter(Boolean);
if (token && shell.length) {
  var own = document.getElementById('page-style');
  if (own) own.parentNode.removeChild(own);
  document.body.innerHTML = '<div id="root"></div>';
  document.body.removeAttribute('style');
  shell.slice(1).forEach(function (href) {
    var link = document.createElement('link');
    if (/\\.css$/.test(href)) { link.rel = 'stylesheet'; } else { link.rel = 'modulepreload'; link.crossOrigin = ''; }
    link.href = href;
    document.head.appendChild(link);
  });
  import(shell[0]);
}
})();`;

/**
 * These pages' Content-Security-Policy: the app's own (app.ts, helmet), since a signed-in
 * session starts the app on them, plus the page's one inline script by its hash.
 */
export const PUBLIC_CSP = [
  "default-src 'self'",
  `script-src 'self' ${cspHash(PUBLIC_SCRIPT)}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/** The app's entry script, then its preloaded chunks and stylesheets, from its built index.html. */
export function appShellAssets(webDist: string | undefined): string[] {
  const file = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!file || !fs.existsSync(file)) return [];
  const index = fs.readFileSync(file, 'utf8');
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(index)?.[1];
  if (!entry) return [];
  const preloads = [...index.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1] ?? '');
  const styles = [...index.matchAll(/<link rel="stylesheet"[^>]*\shref="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [entry, ...preloads, ...styles].filter(Boolean);
}

/** A whole page: the frame's header, the page, the footer and the script. */
export function publicPage(page: { title: string; description: string; canonical?: string; main: Raw; shell?: string[] }): string {
  // Built here rather than by framePage: the stylesheet has an id (the app's start removes it)
  // and the body may list the app's scripts.
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${page.title}</title><meta name="description" content="${page.description}"><meta name="theme-color" content="${t.primary}">
${page.canonical ? html`<link rel="canonical" href="${page.canonical}">` : ''}<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link id="page-style" rel="stylesheet" href="${PUBLIC_STYLESHEET.path}"></head>
<body data-app=""${page.shell && page.shell.length > 0 ? html` data-shell="${page.shell.join(' ')}"` : ''}>${frameParts().header}
<main id="main" tabindex="-1">${page.main}</main>
${frameParts().footer}
<script>${PUBLIC_SCRIPT_RAW}</script></body></html>`.value;
}

const PUBLIC_SCRIPT_RAW = raw(PUBLIC_SCRIPT);
let frame: { year: number; header: Raw; footer: Raw } | undefined;
function frameParts() {
  const year = new Date().getFullYear();
  if (!frame || frame.year !== year) frame = { year, header: siteHeader(''), footer: siteFooter('', year) };
  return frame;
}

/** Links to the previous and next pages of a list, keeping its other parameters. */
export function pager(options: { page: number; pages: number; href: (page: number) => string; label: string }): Raw {
  const { page, pages, href, label } = options;
  if (pages <= 1) return html``;
  return html`<nav class="pager" aria-label="${label}">${page > 1 ? html`<a class="btn alt" href="${href(page - 1)}" rel="prev">Previous page</a>` : html`<span></span>`}<p class="small">Page ${page} of ${pages}</p>${
    page < pages ? html`<a class="btn alt" href="${href(page + 1)}" rel="next">Next page</a>` : html`<span></span>`
  }</nav>`;
}

/** A query string from parameters, leaving out empty ones; '' when none. */
export function queryString(params: Record<string, string | number | readonly string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) search.append(name, v);
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A query parameter as one string (the first when repeated). */
export function one(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : undefined;
}

/** A query parameter as a list of strings (repeated, or once). */
export function many(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

/** A select field; the current value is selected. */
export function select(name: string, label: string, options: readonly { key: string; label: string }[], value: string | undefined, any?: string): Raw {
  const id = `f-${name}`;
  return html`<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${name}">${any !== undefined ? html`<option value="">${any}</option>` : ''}${options.map(
    (o) => html`<option value="${o.key}"${o.key === value ? html` selected` : ''}>${o.label}</option>`,
  )}</select></div>`;
}

export const publicPageHeaders = (reply: FastifyReply) => securePageHeaders(reply, PUBLIC_CSP).type('text/html; charset=utf-8');

/**
 * Sends a rendered page: shared caches may keep it half a minute, and the ETag lets a browser
 * revalidate for nothing.
 */
export function sendPublicPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, status = 200) {
  publicPageHeaders(reply).header('Cache-Control', status === 200 ? 'public, max-age=30' : 'no-cache').header('ETag', page.etag);
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  return reply.status(status).send(page.body);
}

/** The stylesheet's route, cached for a year (its name holds its hash). */
export function publicStylesheetRoute(app: FastifyInstance, schema: object) {
  app.get(PUBLIC_STYLESHEET.path, { helmet: false, schema: { hide: true, response: { 200: schema } } }, (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(PUBLIC_STYLESHEET.body),
  );
}
