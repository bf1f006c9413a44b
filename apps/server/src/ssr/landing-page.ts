import {
  BROKER_ABOVE,
  businessStatusLabel,
  commissionSplit,
  requiresBuyNow,
  STARTUP_BREEDER_LABEL,
} from '@market/shared';
import type { DomainWithOwner } from '../modules/domains/domains.repository.js';
import { cspHash, formatDollars, html, raw, type Raw } from './html.js';
import { LANDING_SCRIPT } from './landing-script.js';

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f5f7fb}
header,footer{background:#0d2b52;color:#fff;padding:12px 20px}header a,footer a{color:#fff;text-decoration:none}footer{font-size:14px;margin-top:48px}
main{max-width:760px;margin:40px auto;padding:0 20px}.card{background:#fff;border-radius:12px;padding:32px;box-shadow:0 2px 12px rgba(13,43,82,.08)}
h1{font-size:clamp(28px,6vw,44px);margin:0 0 8px;word-break:break-all}.status{display:inline-block;background:#e7f0fe;color:#0d47a1;border-radius:999px;padding:4px 12px;font-weight:600;font-size:14px}
.price{font-size:32px;font-weight:700;margin:16px 0 4px}.muted{color:#56606b;font-size:14px}.tags{margin:16px 0;padding:0;list-style:none;display:flex;gap:8px;flex-wrap:wrap}
.tags li{border:1px solid #c8d2e0;border-radius:6px;padding:2px 10px;font-size:14px}.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}
.btn{display:inline-block;padding:12px 22px;border-radius:8px;background:#0d47a1;color:#fff;font-weight:600;text-decoration:none}.btn.alt{background:#fff;color:#0d47a1;border:2px solid #0d47a1}
.btn:focus-visible{outline:3px solid #ffb300;outline-offset:2px}.desc{white-space:pre-line;margin-top:16px}`;

/** Content-Security-Policy for server-rendered pages: only our own two inline blocks run. */
export const LANDING_CSP = [
  "default-src 'none'",
  `script-src ${cspHash(LANDING_SCRIPT)}`,
  `style-src ${cspHash(STYLE)}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface LandingOptions {
  /** Absolute origin of the app when served on a parked domain; '' on the app's own host. */
  appOrigin: string;
  canonicalUrl: string;
}

function priceBlock(d: DomainWithOwner): Raw {
  if (d.business_status === 'Buy Now') {
    if (d.seller_price <= 0) return html``;
    const split = commissionSplit(d.seller_price);
    return html`<p class="price">${formatDollars(d.seller_price)}</p>
<p class="muted">Buy it now. You pay ${formatDollars(split.buyerTotal)} including your half of our 10% commission.</p>`;
  }
  if (d.min_offer > 0) return html`<p class="muted">Offers from ${formatDollars(d.min_offer)} are considered.</p>`;
  return html``;
}

function actions(d: DomainWithOwner, app: string): Raw {
  const items: Raw[] = [];
  if (d.business_status === 'Buy Now' && d.seller_price > 0) {
    items.push(html`<a class="btn" data-needs-session href="${app}/buy_order?domain_id=${d.id}">Buy Now</a>`);
  }
  if (!requiresBuyNow(d.seller_price)) {
    items.push(html`<a class="btn" data-needs-session href="${app}/landing/${d.id}?action=offer">Make an offer</a>`);
  }
  if (d.trade_switch && d.trade_option) {
    items.push(html`<a class="btn alt" data-needs-session href="${app}/landing/${d.id}?action=trade">Request a trade</a>`);
  }
  if (d.startup_breeders_switch) {
    items.push(html`<a class="btn alt" data-needs-session href="${app}/landing/${d.id}?action=breeder">${STARTUP_BREEDER_LABEL}</a>`);
  }
  if (d.seller_price > BROKER_ABOVE) {
    items.push(html`<a class="btn alt" data-needs-session href="${app}/landing/${d.id}?action=broker">Ask a broker</a>`);
  }
  items.push(html`<a class="btn alt" data-needs-session href="${app}/video_upload/${d.id}">Send a video pitch</a>`);
  return html`<div class="actions">${items}</div>`;
}

/** The public landing page of one domain: complete without JavaScript, tiny with it. */
export function renderLandingPage(d: DomainWithOwner, options: LandingOptions): string {
  const name = d.domain_unicode;
  const status = businessStatusLabel(d.business_status);
  const app = options.appOrigin;
  const tags: string[] = [`.${d.domain_extension}`];
  if (d.trade_switch && d.trade_option) tags.push(`Trade: ${d.trade_option}`);
  if (d.startup_breeders_switch) tags.push(`Startup Breeders: ${STARTUP_BREEDER_LABEL}`);
  const description = `${name} is for sale on Domain Market. ${status}.`;
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${name} is for sale | Domain Market</title><meta name="description" content="${description}">
<link rel="canonical" href="${options.canonicalUrl}"><style>${raw(STYLE)}</style></head>
<body><header><a href="${app}/">Domain Market</a></header>
<main id="landing" data-id="${d.id}" data-app="${app}"><div class="card">
<h1>${name}</h1><span class="status">${status}</span>
${priceBlock(d)}
<ul class="tags">${tags.map((t) => html`<li>${t}</li>`)}</ul>
${d.description ? html`<p class="desc">${d.description}</p>` : ''}
${actions(d, app)}
<p class="muted">Listed by ${d.owner_first_name} ${d.owner_last_name.slice(0, 1)}.</p>
</div></main>
<footer><a href="${app}/how-it-works">How it works</a> · <a href="${app}/terms-and-conditions">Terms</a> · <a href="${app}/privacy-policy">Privacy</a></footer>
<script>${raw(LANDING_SCRIPT)}</script></body></html>`;
  return page.value;
}
