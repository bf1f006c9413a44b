import { createHash } from 'node:crypto';
import {
  CONSULTANT_LEVEL_SCALE,
  countryName,
  formatCents,
  type FreelancerProfile,
  type FreelancerPublic,
  type FreelancerReview,
  freelancerAvailabilityLabel,
  freelancerCertifications,
  freelancerLanguageLabel,
  freelancerSkillLabel,
  ratingText,
  siteBrand,
  siteTheme as t,
} from '@market/shared';
import { html, type Raw } from './html.js';
import { pageCsp } from './page-security.js';
import { FRAME_SCRIPT, FRAME_STYLE, framePage } from './site-frame.js';

/** A public freelancer profile, in the frame and card sizes of the landing pages. */
const STYLE = `${FRAME_STYLE}
.page{max-width:${t.contentWidth}px;width:100%;margin:0 auto;padding:24px 16px}.prof{max-width:880px;margin:0 auto;display:grid;gap:16px}
.card{background:${t.paper};border:1px solid ${t.divider};border-radius:${t.radius * 3}px;padding:20px}
.head{display:flex;gap:16px;align-items:flex-start}.av{width:96px;height:96px;border-radius:50%;object-fit:cover;flex-shrink:0;background:${t.background}}
.ini{display:flex;align-items:center;justify-content:center;font-size:2rem;font-weight:700;color:#fff;background:${t.secondary}}
h1{font-size:1.75rem;font-weight:700;line-height:1.167;margin:0 0 4px;overflow-wrap:anywhere}h2{font-size:1.25rem;font-weight:600;margin:0 0 12px}
.hl{font-size:1.1rem;margin:0 0 8px;overflow-wrap:anywhere}.chip{display:inline-flex;align-items:center;height:28px;padding:0 12px;border-radius:14px;background:${t.primary};color:#fff;font-size:.8125rem;font-weight:600}
.chip.off{background:${t.textSecondary}}.facts{list-style:none;padding:0;margin:12px 0 0;display:flex;flex-wrap:wrap;gap:8px 20px}.facts li{font-size:.9375rem}
.tags{list-style:none;display:flex;flex-wrap:wrap;gap:8px;padding:0;margin:0}.tags li{border:1px solid ${t.divider};border-radius:${t.radius * 1.5}px;padding:2px 10px;font-size:.875rem}
.bio{white-space:pre-line;overflow-wrap:anywhere;margin:0}.items .reply{margin-top:8px;padding-left:12px;border-left:3px solid ${t.divider}}.stars{color:${t.accent};letter-spacing:2px}
.lvl{display:inline-block;border:1px solid ${t.primary};color:${t.primary};border-radius:14px;padding:1px 10px;font-size:.8125rem;font-weight:600}
.items{list-style:none;padding:0;margin:0;display:grid;gap:12px}.items li{border:1px solid ${t.divider};border-radius:${t.radius}px;padding:12px}
.items h3{font-size:1rem;margin:0 0 4px}.items p{margin:0}.more{margin:12px 0 0}.actions{display:flex;flex-wrap:wrap;gap:12px}.links a{overflow-wrap:anywhere}
.nf p{margin:0 0 24px;color:${t.textSecondary}}
@media (min-width:600px){.page{padding:24px}.card{padding:32px}h1{font-size:2.25rem}.av{width:120px;height:120px}}
@media (min-width:${t.menuBreakpoint}px){.page{padding:40px 24px}}`;

const SCRIPT = `(function () {\n${FRAME_SCRIPT}})();`;

export const FREELANCER_STYLESHEET = {
  path: `/pages/freelancer-${createHash('sha256').update(STYLE).digest('base64url').slice(0, 16)}.css`,
  body: STYLE,
};

/** Our own inline script and stylesheet, and pictures from our own origin (the avatar redirect). */
export const FREELANCER_CSP = pageCsp(SCRIPT);

const stars = (filled: number, of: number) => '\u2605'.repeat(filled) + '\u2606'.repeat(Math.max(0, of - filled));

function section(title: string, body: Raw | string, testId: string): Raw {
  return html`<section class="card" data-testid="${testId}"><h2>${title}</h2>${body}</section>`;
}

/**
 * How much of a review and of its reply the profile shows; the reviews page shows them whole.
 * With the profile's other fields at their limits, ten reviews at this length keep the page
 * within the landing pages' 14 KiB.
 */
const REVIEW_EXCERPT = 300;

/** The text up to the limit, ending at a word's end where there is one. */
function excerpt(text: string): string {
  if (text.length <= REVIEW_EXCERPT) return text;
  const cut = text.slice(0, REVIEW_EXCERPT + 1);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > REVIEW_EXCERPT / 2 ? cut.slice(0, lastSpace) : cut.slice(0, REVIEW_EXCERPT)).trimEnd()}…`;
}

function reviewItem(r: FreelancerReview, name: string, clip: (text: string) => string): Raw {
  return html`<li data-testid="freelancer-review"><h3>${r.engagement_title}</h3><p><span class="stars" aria-label="${r.stars} of 5 stars">${stars(r.stars, 5)}</span> ${r.client_name}, ${r.created_at.slice(0, 10)}</p><p class="bio">${clip(r.text)}</p>${r.reply ? html`<p class="bio reply"><strong>Reply from ${name}:</strong> ${clip(r.reply)}</p>` : ''}</li>`;
}

const reviewsPath = (id: number, page = 1) => `/freelancers/${id}/reviews${page > 1 ? `?page=${page}` : ''}`;

/** The public page of one published freelancer: complete without JavaScript. */
export function renderFreelancerPage(f: FreelancerProfile, options: { canonicalUrl: string }): string {
  const initial = f.name.slice(0, 1).toUpperCase();
  const avatar = f.avatar_url
    ? html`<img class="av" src="${f.avatar_url}" alt="" width="120" height="120">`
    : html`<span class="av ini" aria-hidden="true">${initial}</span>`;
  const certNames = new Map<string, string>(freelancerCertifications.map((c) => [c.key, c.name]));
  const facts: Raw[] = [
    // Stars show the clients' rating only; the level is a badge of its own (packages/shared, Reputation).
    html`<li data-testid="freelancer-rating">${f.rating !== null && f.completed_engagements > 0 ? html`<span class="stars" aria-hidden="true">${stars(Math.round(f.rating), 5)}</span> ` : ''}${ratingText(f.rating, f.completed_engagements)}</li>`,
    html`<li data-testid="freelancer-level"><span class="lvl">Level ${f.level} of ${CONSULTANT_LEVEL_SCALE}</span></li>`,
  ];
  if (f.hourly_rate_cents !== null) facts.push(html`<li>${formatCents(f.hourly_rate_cents)} an hour</li>`);
  if (f.country) facts.push(html`<li>${countryName(f.country)}</li>`);
  if (f.languages.length > 0) facts.push(html`<li>Speaks ${f.languages.map(freelancerLanguageLabel).join(', ')}</li>`);
  const sections: Raw[] = [];
  if (f.bio) sections.push(section('About', html`<p class="bio">${f.bio}</p>`, 'freelancer-bio'));
  if (f.skills.length > 0) sections.push(section('Skills', html`<ul class="tags">${f.skills.map((s) => html`<li>${freelancerSkillLabel(s)}</li>`)}</ul>`, 'freelancer-skills'));
  sections.push(
    section(
      'Passed-test badges',
      f.badges.length > 0
        ? html`<ul class="items">${f.badges.map((b) => html`<li><h3>${b.name}</h3><p class="small">Passed on ${b.passed_on}${b.note ? html` · ${b.note}` : ''}</p></li>`)}</ul>`
        : html`<p class="small">No passed tests yet.</p>`,
      'freelancer-badges',
    ),
  );
  if (f.certifications.length > 0) {
    sections.push(section('Certifications', html`<ul class="tags">${f.certifications.map((c) => html`<li>${certNames.get(c) ?? c}</li>`)}</ul>`, 'freelancer-certifications'));
  }
  if (f.packages.length > 0) {
    sections.push(
      section(
        'Fixed-price packages',
        html`<ul class="items">${f.packages.map(
          (p) => html`<li><h3>${p.title} · ${formatCents(p.price_cents)}</h3>${p.description ? html`<p>${p.description}</p>` : ''}<p class="small">Delivered in ${p.delivery_days} ${p.delivery_days === 1 ? 'day' : 'days'}</p></li>`,
        )}</ul>`,
        'freelancer-packages',
      ),
    );
  }
  if (f.links.length > 0) {
    sections.push(section('Links', html`<ul class="items links">${f.links.map((l) => html`<li><a href="${l}" rel="nofollow ugc noopener noreferrer">${l}</a></li>`)}</ul>`, 'freelancer-links'));
  }
  sections.push(
    section(
      'Reviews',
      f.reviews.length > 0
        ? html`<ul class="items">${f.reviews.map((r) => reviewItem(r, f.name, excerpt))}</ul>${
            f.review_count > f.reviews.length || f.reviews.some((r) => r.text !== excerpt(r.text) || (r.reply !== null && r.reply !== excerpt(r.reply)))
              ? html`<p class="more"><a href="${reviewsPath(f.id)}" data-testid="freelancer-all-reviews">Read all ${f.review_count} ${f.review_count === 1 ? 'review' : 'reviews'} in full</a></p>`
              : ''
          }`
        : html`<p class="small">No reviews yet.</p>`,
      'freelancer-reviews',
    ),
  );
  // Hiring happens in the app: /hire/{id} asks a signed-out visitor to log in and comes back.
  const actions = html`<div class="actions"><a class="btn lg" href="/hire/${f.id}" data-testid="freelancer-hire">Send a request</a><a class="btn alt lg" href="/freelancers">Browse freelancers</a></div>`;
  const unavailable = f.availability === 'unavailable';
  const main = html`<div class="page"><div class="prof" id="freelancer" data-id="${f.id}">
<article class="card"><div class="head">${avatar}<div><h1>${f.name}</h1>${f.headline ? html`<p class="hl" data-testid="freelancer-headline">${f.headline}</p>` : ''}<span class="chip${unavailable ? ' off' : ''}">${freelancerAvailabilityLabel(f.availability)}</span></div></div>
<ul class="facts" aria-label="Profile facts">${facts}</ul></article>
${sections}
<section class="card">${actions}</section>
</div></div>`;
  return framePage({
    title: `${f.name}${f.headline ? `, ${f.headline}` : ''} | ${siteBrand}`,
    description: `${f.name} on ${siteBrand}: ${f.headline || 'freelancer'}. ${f.skills.map(freelancerSkillLabel).join(', ')}.`,
    canonical: options.canonicalUrl,
    app: '',
    stylesheet: FREELANCER_STYLESHEET.path,
    main,
    script: SCRIPT,
  });
}

/** `/freelancers/{id}/reviews`: every client review of a published freelancer, whole, a page at a time. */
export function renderFreelancerReviewsPage(
  f: FreelancerPublic,
  reviews: FreelancerReview[],
  paging: { page: number; pages: number; count: number },
  options: { canonicalUrl: string },
): string {
  const { page, pages, count } = paging;
  const nav =
    pages > 1
      ? html`<nav class="actions" aria-label="Pages of reviews">${page > 1 ? html`<a class="btn alt" href="${reviewsPath(f.id, page - 1)}" rel="prev">Newer reviews</a>` : ''}<span class="small">Page ${page} of ${pages}</span>${
          page < pages ? html`<a class="btn alt" href="${reviewsPath(f.id, page + 1)}" rel="next">Older reviews</a>` : ''
        }</nav>`
      : '';
  const list = reviews.length > 0 ? html`<ul class="items">${reviews.map((r) => reviewItem(r, f.name, (text) => text))}</ul>` : html`<p class="small">No reviews yet.</p>`;
  const main = html`<div class="page"><div class="prof" id="freelancer-reviews" data-id="${f.id}">
<section class="card"><h1>Reviews of ${f.name}</h1><p class="hl">${ratingText(f.rating, f.completed_engagements)} · ${count} ${count === 1 ? 'review' : 'reviews'} from clients</p>
<div class="actions"><a class="btn alt" href="/freelancers/${f.id}">Back to the profile</a><a class="btn" href="/hire/${f.id}">Send a request</a></div></section>
<section class="card" data-testid="freelancer-reviews">${list}${nav}</section>
</div></div>`;
  return framePage({
    title: `Reviews of ${f.name}${page > 1 ? `, page ${page}` : ''} | ${siteBrand}`,
    description: `What clients wrote of ${f.name}'s work on ${siteBrand}: ${ratingText(f.rating, f.completed_engagements)}.`,
    canonical: options.canonicalUrl,
    app: '',
    stylesheet: FREELANCER_STYLESHEET.path,
    main,
    script: SCRIPT,
  });
}

/** An address that names no published profile: a page of the site with a 404. */
export function renderFreelancerNotFound(message: string): string {
  const main = html`<div class="page"><div class="prof"><section class="card nf">
<h1>Freelancer not found</h1><p>${message}</p><a class="btn lg" href="/freelancers">Browse freelancers</a>
</section></div></div>`;
  return framePage({ title: `Freelancer not found | ${siteBrand}`, description: message, app: '', stylesheet: FREELANCER_STYLESHEET.path, main, script: SCRIPT });
}
