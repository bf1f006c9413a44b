import {
  businessStatusLabel,
  CHARACTER_FILTER_RANGE,
  emptyTableMessage,
  excludeFilters,
  formatDollars,
  landingActions,
  listingTypeFilters,
  PRICE_FILTER_RANGE,
  SEARCH_COUNT_CAP,
  type SearchFilters,
  type SearchRow,
  siteBrand,
  STARTUP_BREEDER_LABEL,
  tradeOptions,
} from '@market/shared';
import { html, type Raw } from './html.js';
import { many, one, pager, publicPage, queryString } from './public-page.js';

/** Rows per page of the full list, as the app's table offers them (the app's "All" is left out). */
export const SEARCH_ROWS = [10, 25, 50, 100] as const;
/** Rows each of the three cards shows, as the app's cards do before "Show more". */
export const CARD_ROWS = 10;

/**
 * The search page's address. `search` is the app's own parameter (its global search bar links
 * to `/homeSearch?search=`); the app keeps the filters in the browser, and this page keeps them
 * in the address under the filters' own names, so its links and its form work without the app.
 */
export interface SearchPageQuery {
  search: string;
  business_status: (typeof listingTypeFilters)[number][];
  trade_options: (typeof tradeOptions)[number][];
  Exclude: (typeof excludeFilters)[number][];
  extensions: string[];
  min_price?: number;
  max_price?: number;
  min_length?: number;
  max_length?: number;
  starting_with?: string;
  ending_with?: string;
  rows: number;
  page: number;
}

function known<T extends string>(list: readonly T[], values: string[]): T[] {
  return [...new Set(values.filter((v): v is T => (list as readonly string[]).includes(v)))];
}

function bound(value: unknown, [lo, hi]: readonly [number, number]): number | undefined {
  const text = one(value)?.trim();
  const n = Number(text);
  return text && Number.isFinite(n) ? Math.min(Math.max(Math.round(n), lo), hi) : undefined;
}

/** Reads the address: unknown values are dropped, numbers kept within the sliders' ranges. */
export function searchQueryFrom(query: Record<string, unknown>): SearchPageQuery {
  let minPrice = bound(query.min_price, PRICE_FILTER_RANGE);
  let maxPrice = bound(query.max_price, PRICE_FILTER_RANGE);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  let minLength = bound(query.min_length, CHARACTER_FILTER_RANGE);
  let maxLength = bound(query.max_length, CHARACTER_FILTER_RANGE);
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) [minLength, maxLength] = [maxLength, minLength];
  const rows = Number(one(query.rows));
  const page = Number(one(query.page));
  const text = (name: string) => one(query[name])?.trim().slice(0, 253) || undefined;
  const extensions = many(query.extensions)
    .flatMap((e) => e.split(/[\s,]+/))
    .map((e) => e.trim().toLowerCase().replace(/^\.+/, ''))
    .filter((e) => e && e.length <= 63);
  return {
    search: one(query.search)?.trim().slice(0, 253) ?? '',
    business_status: known(listingTypeFilters, many(query.business_status)),
    trade_options: known(tradeOptions, many(query.trade_options)),
    Exclude: known(excludeFilters, many(query.Exclude)),
    extensions: [...new Set(extensions)].slice(0, 100),
    min_price: minPrice,
    max_price: maxPrice,
    min_length: minLength,
    max_length: maxLength,
    starting_with: text('starting_with'),
    ending_with: text('ending_with'),
    rows: (SEARCH_ROWS as readonly number[]).includes(rows) ? rows : SEARCH_ROWS[0],
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The filters as the search service takes them (the app's compactFilters: a range at both ends is no bound). */
export function searchFiltersOf(q: SearchPageQuery): SearchFilters {
  const out: SearchFilters = {};
  if (q.business_status.length) out.business_status = q.business_status;
  if (q.trade_options.length) out.trade_options = q.trade_options;
  if (q.extensions.length) out.extensions = q.extensions;
  const price: [number, number] = [q.min_price ?? PRICE_FILTER_RANGE[0], q.max_price ?? PRICE_FILTER_RANGE[1]];
  if (price[0] > PRICE_FILTER_RANGE[0] || price[1] < PRICE_FILTER_RANGE[1]) out.priceRange = price;
  const length: [number, number] = [q.min_length ?? CHARACTER_FILTER_RANGE[0], q.max_length ?? CHARACTER_FILTER_RANGE[1]];
  if (length[0] > CHARACTER_FILTER_RANGE[0] || length[1] < CHARACTER_FILTER_RANGE[1]) out.characterRange = length;
  if (q.Exclude.length) out.Exclude = q.Exclude;
  if (q.starting_with) out.starting_with = q.starting_with;
  if (q.ending_with) out.ending_with = q.ending_with;
  return out;
}

/**
 * Each card is a listing type, so it sets that part of the filters itself; the rest applies to
 * all three (the app's cardCriteria).
 */
export function cardFilters(filters: SearchFilters, card: 'trade' | 'buy-now' | 'breeders'): SearchFilters {
  const { business_status: _listing, trade_options: _trade, ...rest } = filters;
  if (card === 'trade') return { ...rest, trade_options: filters.trade_options?.length ? filters.trade_options : [...tradeOptions] };
  return { ...rest, business_status: [card === 'buy-now' ? 'Buy Now' : 'Startup Breeders'] };
}

export interface SearchAnswer {
  rows: SearchRow[];
  total: number;
  capped: boolean;
}

export function searchHref(q: SearchPageQuery, page = 1): string {
  return `${'/homeSearch'}${queryString({
    search: q.search,
    business_status: q.business_status,
    trade_options: q.trade_options,
    extensions: q.extensions.join(', '),
    min_price: q.min_price,
    max_price: q.max_price,
    min_length: q.min_length,
    max_length: q.max_length,
    Exclude: q.Exclude,
    starting_with: q.starting_with,
    ending_with: q.ending_with,
    rows: q.rows === SEARCH_ROWS[0] ? undefined : q.rows,
    page: page > 1 ? page : undefined,
  })}`;
}

const listPrice = (amount: number | null | undefined) => (amount ? formatDollars(amount) : '—');
const landing = (d: SearchRow) => `/landing/${d.id}`;

function actionsOf(d: SearchRow) {
  return landingActions({ ...d, tradeListed: d.trade_switch === 'Yes', breederListed: d.startup_breeders_switch === 'Yes' });
}

/**
 * Actions need an account. A signed-in session has the app on this page (public-page.ts), so the
 * page's own links are for visitors: log in, then the landing page runs the action (its
 * `?action=`, as the server-rendered landing page's buttons do); the order page's guard does the same.
 */
const signInFor = (d: SearchRow, action: string) => `/login?next=${encodeURIComponent(`${landing(d)}?action=${action}`)}`;
const buyNow = (d: SearchRow) => html`<a class="btn sm" href="/buy_order?domain_id=${d.id}" aria-label="Buy Now: ${d.domain_name}">Buy Now</a>`;
const offer = (d: SearchRow) => html`<a class="btn alt sm" href="${signInFor(d, 'offer')}" aria-label="Make an offer: ${d.domain_name}">Make an offer</a>`;
const trade = (d: SearchRow) => html`<a class="btn alt sm" href="${signInFor(d, 'trade')}" aria-label="Request trade: ${d.domain_name}">Request trade</a>`;
const breeder = (d: SearchRow) =>
  html`<a class="btn alt sm" href="${signInFor(d, 'breeder')}" aria-label="${STARTUP_BREEDER_LABEL}: ${d.domain_name}">${STARTUP_BREEDER_LABEL}</a>`;

function rowActions(d: SearchRow): Raw {
  const can = actionsOf(d);
  return html`<span class="acts">${can.buyNow ? buyNow(d) : ''}${can.offer ? offer(d) : ''}${can.trade ? trade(d) : ''}${can.breeder ? breeder(d) : ''}</span>`;
}

function resultCount(a: SearchAnswer): string {
  return `${a.total.toLocaleString('en-US')}${a.capped ? '+' : ''} ${a.total === 1 ? 'result' : 'results'}`;
}

function listCard(id: string, title: string, href: string, answer: SearchAnswer, row: (d: SearchRow) => Raw): Raw {
  return html`<section class="card lcard" aria-labelledby="${id}-heading" data-testid="card-${id}"><h2 id="${id}-heading"><a href="${href}">${title}</a></h2><p class="small">${resultCount(answer)}</p>${
    answer.rows.length === 0
      ? html`<div class="empty"><p class="small">${emptyTableMessage}</p></div>`
      : html`<ul>${answer.rows.map((d) => html`<li><a class="d" href="${landing(d)}">${d.domain_name}</a><span class="acts">${row(d)}</span></li>`)}</ul>`
  }</section>`;
}

function checks(name: string, legend: string, options: readonly string[], chosen: readonly string[]): Raw {
  return html`<fieldset><legend class="legend">${legend}</legend><div class="checks">${options.map(
    (o) => html`<label><input type="checkbox" name="${name}" value="${o}"${chosen.includes(o) ? html` checked` : ''}>${o}</label>`,
  )}</div></fieldset>`;
}

function numberField(name: string, label: string, value: number | undefined, [min, max]: readonly [number, number], step: number): Raw {
  return html`<div class="field"><label for="f-${name}">${label}</label><input id="f-${name}" name="${name}" type="number" inputmode="numeric" min="${min}" max="${max}" step="${step}" value="${value ?? ''}"></div>`;
}

function textField(name: string, label: string, value: string | undefined, placeholder = ''): Raw {
  return html`<div class="field"><label for="f-${name}">${label}</label><input id="f-${name}" name="${name}" value="${value ?? ''}" maxlength="253"${placeholder ? html` placeholder="${placeholder}"` : ''}></div>`;
}

/** The filter panel as a GET form: the app's panel, with number fields for its two sliders. */
function filterForm(q: SearchPageQuery, active: number): Raw {
  // On a phone the form folds away behind "Filters" (a checkbox and CSS, no script), open when filters apply.
  return html`<input type="checkbox" id="fold" class="vh fold"${active > 0 ? html` checked` : ''}><label for="fold" class="btn alt foldbtn">Filters${active > 0 ? ` (${active} active)` : ''}</label>
<form method="get" action="/homeSearch" aria-label="Search filters">
<div class="field"><label for="f-search">Search</label><input id="f-search" type="search" name="search" value="${q.search}" maxlength="253"></div>
${checks('business_status', 'Listing type', listingTypeFilters, q.business_status)}
${checks('trade_options', 'Trade options', tradeOptions, q.trade_options)}
<div class="field"><label for="f-extensions">Extensions</label><input id="f-extensions" name="extensions" value="${q.extensions.join(', ')}" placeholder="com, io…"></div>
<fieldset><legend class="legend">Price ($)</legend><div class="row">${numberField('min_price', 'Minimum price', q.min_price, PRICE_FILTER_RANGE, 1)}${numberField('max_price', 'Maximum price', q.max_price, PRICE_FILTER_RANGE, 1)}</div></fieldset>
<fieldset><legend class="legend">Length (characters)</legend><div class="row">${numberField('min_length', 'Minimum length', q.min_length, CHARACTER_FILTER_RANGE, 1)}${numberField('max_length', 'Maximum length', q.max_length, CHARACTER_FILTER_RANGE, 1)}</div></fieldset>
${checks('Exclude', 'Exclude', excludeFilters, q.Exclude)}
${textField('starting_with', 'Starting with', q.starting_with)}
${textField('ending_with', 'Ending with', q.ending_with)}
<div class="field"><label for="f-rows">Rows per page</label><select id="f-rows" name="rows">${SEARCH_ROWS.map((n) => html`<option value="${n}"${n === q.rows ? html` selected` : ''}>${n}</option>`)}</select></div>
<div class="fbtns"><button class="btn" type="submit">Apply filters</button></div>
</form>`;
}

function resultsTable(q: SearchPageQuery, all: SearchAnswer): Raw {
  const from = all.total === 0 || all.rows.length === 0 ? 0 : (q.page - 1) * q.rows + 1;
  const to = from === 0 ? 0 : from + all.rows.length - 1;
  const count = `${all.total.toLocaleString('en-US')}${all.capped ? '+' : ''}`;
  const showing = all.total === 0 ? 'Showing 0 to 0 of 0 entries' : `Showing ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')} of ${count} entries`;
  const body =
    all.rows.length === 0
      ? html`<tr><td class="emptyrow" colspan="7"><div class="empty"><p class="strong">${emptyTableMessage}</p><p>Try fewer filters or a shorter search.</p></div></td></tr>`
      : all.rows.map(
          (d) => html`<tr><td class="d"><a href="${landing(d)}">${d.domain_name}</a></td><td data-label="Listing">${businessStatusLabel(d.business_status)}</td><td class="n" data-label="Price">${listPrice(d.seller_price)}${d.lease_monthly_line ? html`<br><span class="small">${d.lease_monthly_line}</span>` : ''}</td><td class="n" data-label="Min offer">${listPrice(d.min_offer)}</td><td data-label="Trade">${d.trade_switch === 'Yes' && d.trade_option ? d.trade_option : '—'}</td><td data-label="Startup Breeders">${d.startup_breeders_switch === 'Yes' ? STARTUP_BREEDER_LABEL : '—'}</td><td class="a">${rowActions(d)}</td></tr>`,
        );
  // The service pages up to offset SEARCH_COUNT_CAP, as the app's table.
  const pages = Math.max(1, Math.ceil(Math.min(all.total, SEARCH_COUNT_CAP + q.rows) / q.rows));
  return html`<div class="card" style="padding:0"><div class="tablewrap"><table aria-label="Search results"><thead><tr><th>Domain</th><th>Listing</th><th class="n">Price</th><th class="n">Min offer</th><th>Trade</th><th>Startup Breeders</th><th>Actions</th></tr></thead><tbody>${body}</tbody></table></div>
<div style="padding:12px 16px"><p class="small" role="status" data-testid="showing-entries">${showing}</p>
${pager({ page: Math.min(q.page, pages), pages, href: (p) => searchHref(q, p), label: 'Pages of results' })}
${all.capped ? html`<p class="small">More than ${SEARCH_COUNT_CAP.toLocaleString('en-US')} domains match: narrow the search to see them all.</p>` : ''}</div></div>`;
}

/** `/homeSearch`: the three cards and every listed domain that matches, as the app's page, without the app. */
export function renderSearchPage(
  q: SearchPageQuery,
  answers: { trade: SearchAnswer; buyNow: SearchAnswer; breeders: SearchAnswer; all: SearchAnswer },
  options: { canonicalUrl: string; shell: string[] },
): string {
  const filters = searchFiltersOf(q);
  const active = Object.keys(filters).length;
  const heading = q.search ? `Results for \u201c${q.search}\u201d` : 'Browse domains';
  const clear = `/homeSearch${queryString({ search: q.search })}`;
  const main = html`<div class="page" id="home-search">
<div class="head"><div><h1>${heading}</h1><p>Domains for trade, to buy now, and open to startup founders.</p></div><a class="btn alt in-only" href="/search">Search with filters</a></div>
${active > 0 ? html`<p class="note" role="status">${active === 1 ? 'One filter applies' : `${active} filters apply`} to these results. <a href="${clear}">Clear filters</a></p>` : ''}
<div class="cards3">
${listCard('trade', 'Domain trade', '/sponsored/domain-trade', answers.trade, (d) => html`${d.trade_option ? html`<span class="small">${d.trade_option}</span>` : ''}${trade(d)}`)}
${listCard('buy-now', 'Buy Now', '/sponsored/buy-now', answers.buyNow, (d) => html`<span class="strong">${listPrice(d.seller_price)}</span>${buyNow(d)}`)}
${listCard('breeders', 'Startup Breeders', '/sponsored/startup-breeders', answers.breeders, breeder)}
</div>
<section aria-labelledby="all-domains-heading"><div class="head"><div><h2 id="all-domains-heading">All listed domains</h2><p class="small">Every domain for sale that matches, whatever its listing type.</p></div></div>
<div class="results"><aside class="card" aria-label="Search filters">${filterForm(q, active)}</aside><div style="min-width:0">${resultsTable(q, answers.all)}</div></div></section>
</div>`;
  return publicPage({
    title: `Search Results | ${siteBrand}`,
    description: q.search ? `Domains for sale matching \u201c${q.search}\u201d on ${siteBrand}.` : `Domains for sale on ${siteBrand}: trade, Buy Now and Startup Breeders.`,
    canonical: options.canonicalUrl,
    main,
    shell: options.shell,
  });
}
