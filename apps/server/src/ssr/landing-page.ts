import { createHash } from 'node:crypto';
import { asCents, businessStatusLabel, commissionSplit, formatCents, formatDollars, isThoroughbred, landingActions, leaseMonthlyLine, leaseMonthlyOf, publicName, siteBrand, siteTheme as t, STARTUP_BREEDER_LABEL } from '@market/shared';
import type { DomainWithOwner } from '../modules/domains/index.js';
import { html, type Raw } from './html.js';
import { pageCsp } from './page-security.js';
import { LANDING_SCRIPT } from './landing-script.js';
import { FRAME_SCRIPT, FRAME_STYLE, framePage, icon } from './site-frame.js';

const VIDEOCAM_PATH = 'M17 10.5V7c0-.55-.45-1-1-1H4c-.55 0-1 .45-1 1v10c0 .55.45 1 1 1h12c.55 0 1-.45 1-1v-3.5l4 4v-11z';

/** The landing card, sized as the app's (apps/web/src/features/landing/components/landing-view.tsx). */
const LANDING_STYLE = `${FRAME_STYLE}
.page{max-width:${t.contentWidth}px;width:100%;margin:0 auto;padding:24px 16px}.land{max-width:800px;margin:0 auto}
.card{background:${t.paper};border:1px solid ${t.divider};border-radius:${t.radius * 3}px;padding:20px}
h1{font-size:1.75rem;font-weight:700;line-height:1.167;margin:0 0 8px;overflow-wrap:anywhere}
.chip{display:inline-flex;align-items:center;height:32px;padding:0 12px;border-radius:16px;background:${t.primary};color:#fff;font-size:.8125rem;font-weight:600}
.price{font-size:1.75rem;font-weight:700;margin:16px 0 0}.note{margin:0 0 16px}p.note:first-of-type{margin-top:16px}
.tags{list-style:none;display:flex;flex-wrap:wrap;gap:8px;padding:0;margin:16px 0}.tags li{border:1px solid ${t.divider};border-radius:${t.radius * 1.5}px;padding:2px 10px;font-size:.875rem}
.desc{white-space:pre-line;overflow-wrap:anywhere;margin:0 0 16px}.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:24px}.by{margin-top:24px}
.nf p{margin:0 0 24px;color:${t.textSecondary}}
@media (min-width:600px){.page{padding:24px}.card{padding:32px}h1{font-size:2.5rem}.price{font-size:2rem}}
@media (min-width:${t.menuBreakpoint}px){.page{padding:40px 24px}}`;

const SCRIPT = `(function () {\n${FRAME_SCRIPT}${LANDING_SCRIPT}})();`;

/**
 * The landing pages' stylesheet, at an address that changes with its content, so browsers and
 * shared caches keep it for a year. Served from our own origin on every host (parked domains too).
 */
export const LANDING_STYLESHEET = {
  path: `/pages/landing-${createHash('sha256').update(LANDING_STYLE).digest('base64url').slice(0, 16)}.css`,
  body: LANDING_STYLE,
};

/** Content-Security-Policy for server-rendered pages: our own inline script and stylesheet only. */
export const LANDING_CSP = pageCsp(SCRIPT);

export interface LandingOptions {
  /** Absolute origin of the app when served on a parked domain; '' on the app's own host. */
  appOrigin: string;
  canonicalUrl: string;
}

function priceBlock(d: DomainWithOwner): Raw {
  if (d.business_status === 'Buy Now') {
    // A Buy Now domain shows its price only when it has one.
    if (d.seller_price <= 0) return html``;
    const split = commissionSplit(d.seller_price);
    const monthly = d.sale_status === 'available' ? leaseMonthlyLine(leaseMonthlyOf(d)) : '';
    return html`<p class="price" data-testid="buy-now-price">${formatDollars(d.seller_price)}</p>${monthly ? html`
<p class="small note" data-testid="lease-monthly">${monthly}, lease to own over ${String(d.lease_months)} months${d.lease_down_payment_cents > 0 ? `, ${formatCents(asCents(d.lease_down_payment_cents))} down with the first` : ''}.</p>` : html``}
<p class="small note">Buy it now. You pay ${formatDollars(split.buyerTotal)} including your half of our 10% commission.</p>`;
  }
  if (d.min_offer > 0) return html`<p class="small note">Offers from ${formatDollars(d.min_offer)} are considered.</p>`;
  return html``;
}

function actionsOf(d: DomainWithOwner) {
  return landingActions({ ...d, thoroughbred: isThoroughbred(d.seller_price), tradeListed: Boolean(d.trade_switch), breederListed: Boolean(d.startup_breeders_switch) });
}

/** The buttons; the ones that need an account send a signed-out visitor to log in first. */
function actions(d: DomainWithOwner, app: string): Raw {
  const can = actionsOf(d);
  const action = (name: string, label: string, primary = false) =>
    html`<a class="btn lg${primary ? '' : ' alt'}" data-needs-session href="${app}/landing/${d.id}?action=${name}">${label}</a>`;
  const items: Raw[] = [];
  if (can.buyNow) items.push(html`<a class="btn lg" data-needs-session href="${app}/buy_order?domain_id=${d.id}">Buy Now</a>`);
  if (can.offer) items.push(action('offer', 'Make an offer', true));
  if (can.trade) items.push(action('trade', 'Request a trade'));
  if (can.breeder) items.push(action('breeder', STARTUP_BREEDER_LABEL));
  if (can.broker) items.push(action('broker', 'Ask a broker'));
  items.push(html`<a class="btn alt lg" data-needs-session href="${app}/video_upload/${d.id}">${icon(VIDEOCAM_PATH)}Send a video pitch</a>`);
  return html`<div class="actions">${items}</div>`;
}

function viewsText(visits: number): string {
  return `${visits.toLocaleString('en-US')} ${visits === 1 ? 'view' : 'views'}`;
}

/** The public landing page of one domain: complete without JavaScript, tiny with it. */
export function renderLandingPage(d: DomainWithOwner, options: LandingOptions): string {
  const name = d.domain_unicode;
  const status = businessStatusLabel(d.business_status);
  const app = options.appOrigin;
  const can = actionsOf(d);
  const tags: string[] = [`.${d.domain_extension}`];
  if (can.trade) tags.push(`Trade: ${d.trade_option}`);
  if (can.breeder) tags.push(`Startup Breeders: ${STARTUP_BREEDER_LABEL}`);
  const main = html`<div class="page"><div class="land" id="landing" data-id="${d.id}"><article class="card">
<h1>${name}</h1><span class="chip">${status}</span>
${priceBlock(d)}
<ul class="tags" aria-label="Listing details">${tags.map((tag) => html`<li>${tag}</li>`)}</ul>
${d.description ? html`<p class="desc" data-testid="landing-description">${d.description}</p>` : ''}
${actions(d, app)}
<p class="small by">Listed by ${publicName({ first_name: d.owner_first_name, last_name: d.owner_last_name })} · <span data-views="${d.visits}">${viewsText(d.visits)}</span></p>
</article></div></div>`;
  return framePage({
    title: `${name} is for sale | ${siteBrand}`,
    description: `${name} is for sale on ${siteBrand}. ${status}.`,
    canonical: options.canonicalUrl,
    app,
    stylesheet: LANDING_STYLESHEET.path,
    main,
    script: SCRIPT,
  });
}

/** A landing address that names no public domain: a page of the site, never an API error. */
export function renderLandingNotFound(): string {
  const main = html`<div class="page"><div class="land"><section class="card nf">
<h1>Domain not found</h1><p>This domain is not listed, or it is not public yet.</p><a class="btn lg" href="/homeSearch">Search domains</a>
</section></div></div>`;
  return framePage({ title: `Domain not found | ${siteBrand}`, description: 'This domain is not listed.', app: '', stylesheet: LANDING_STYLESHEET.path, main, script: SCRIPT });
}
