import {
  CONSULTANT_LEVEL_SCALE,
  type Cents,
  countryName,
  FREELANCER_COUNT_CAP,
  FREELANCER_PAGE_SIZE,
  type FreelancerDirectory,
  type FreelancerDirectoryQuery,
  freelancerAvailabilities,
  freelancerAvailabilityKeys,
  freelancerAvailabilityLabel,
  freelancerBadgeKeys,
  freelancerBadges,
  freelancerCertificationKeys,
  freelancerCertifications,
  freelancerCountryCodes,
  freelancerLanguageKeys,
  freelancerLanguages,
  type FreelancerPublic,
  freelancerSkillKeys,
  freelancerSkillLabel,
  freelancerSkills,
  freelancerSortKeys,
  freelancerSorts,
  formatCents,
  ratingText,
  siteBrand,
} from '@market/shared';
import { html, type Raw } from './html.js';
import { one, pager, publicPage, queryString, select } from './public-page.js';

type FilterName = 'skill' | 'badge' | 'certification' | 'language' | 'country' | 'availability';

const allowed: Record<FilterName | 'sort', readonly string[]> = {
  skill: freelancerSkillKeys,
  badge: freelancerBadgeKeys,
  certification: freelancerCertificationKeys,
  language: freelancerLanguageKeys,
  country: freelancerCountryCodes,
  availability: freelancerAvailabilityKeys,
  sort: freelancerSortKeys,
};

const countries = freelancerCountryCodes.map((code) => ({ key: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label));

/** The six lists, worded as the app's filters (apps/web/src/features/freelancers/components/directory-filters.tsx). */
const selects: { name: FilterName; label: string; any: string; options: readonly { key: string; label: string }[] }[] = [
  { name: 'skill', label: 'Skill', any: 'Any skill', options: freelancerSkills },
  { name: 'badge', label: 'Badge', any: 'Any badge', options: freelancerBadges.map((b) => ({ key: b.key, label: b.name })) },
  { name: 'certification', label: 'Certification', any: 'Any certification', options: freelancerCertifications.map((c) => ({ key: c.key, label: c.name })) },
  { name: 'language', label: 'Language', any: 'Any language', options: freelancerLanguages },
  { name: 'country', label: 'Country', any: 'Any country', options: countries },
  { name: 'availability', label: 'Availability', any: 'Any availability', options: freelancerAvailabilities },
];

/** Hourly rates a visitor can pick without the app, in cents as the address keeps them. */
const RATE_STEPS = [25, 50, 75, 100, 150, 200, 300].map((d) => d * 100);
const MAX_PAGE = FREELANCER_COUNT_CAP / FREELANCER_PAGE_SIZE;

export type DirectoryPageQuery = FreelancerDirectoryQuery & { sort: NonNullable<FreelancerDirectoryQuery['sort']>; page: number };

/** The directory's address, read as the app reads it: only known values, the rest ignored. */
export function directoryQueryFrom(query: Record<string, unknown>): DirectoryPageQuery {
  const pick = <T extends string>(name: FilterName | 'sort') => {
    const value = one(query[name]) ?? '';
    return allowed[name].includes(value) ? (value as T) : undefined;
  };
  const whole = (name: string, max: number) => {
    const text = one(query[name]);
    const value = Number(text);
    return text && Number.isInteger(value) && value >= 0 && value <= max ? value : undefined;
  };
  let min = whole('min_rate', 100_000_00);
  let max = whole('max_rate', 100_000_00);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const page = whole('page', Number.MAX_SAFE_INTEGER);
  return {
    q: one(query.q)?.trim().slice(0, 100) || undefined,
    skill: pick('skill'),
    badge: pick('badge'),
    certification: pick('certification'),
    language: pick('language'),
    country: pick('country'),
    availability: pick('availability'),
    min_rate: min,
    max_rate: max,
    sort: pick<DirectoryPageQuery['sort']>('sort') ?? 'rating',
    page: page && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

export function directoryHref(q: DirectoryPageQuery, page = 1): string {
  return `/freelancers${queryString({
    q: q.q,
    skill: q.skill,
    badge: q.badge,
    certification: q.certification,
    language: q.language,
    country: q.country,
    availability: q.availability,
    min_rate: q.min_rate,
    max_rate: q.max_rate,
    sort: q.sort === 'rating' ? undefined : q.sort,
    page: page > 1 ? page : undefined,
  })}`;
}

function rateOptions(current: number | undefined) {
  const steps = current !== undefined && !RATE_STEPS.includes(current) ? [...RATE_STEPS, current].sort((a, b) => a - b) : RATE_STEPS;
  return steps.map((cents) => ({ key: String(cents), label: `${formatCents(cents as Cents)} an hour` }));
}

const certificationName = new Map<string, string>(freelancerCertifications.map((c) => [c.key, c.name]));
const stars = (rating: number) => '\u2605'.repeat(Math.round(rating)) + '\u2606'.repeat(Math.max(0, 5 - Math.round(rating)));

/** One freelancer, as the app's card: the name opens the server-rendered profile. */
function card(f: FreelancerPublic): Raw {
  const avatar = f.avatar_url
    ? html`<img class="av" src="${f.avatar_url}" alt="" width="48" height="48" loading="lazy">`
    : html`<span class="av ini" aria-hidden="true">${f.name.slice(0, 1).toUpperCase()}</span>`;
  const facts = [freelancerAvailabilityLabel(f.availability), f.hourly_rate_cents === null ? null : `${formatCents(f.hourly_rate_cents)} an hour`, f.country ? countryName(f.country) : null]
    .filter(Boolean)
    .join(' · ');
  const marks = [
    ...f.certifications.map((c) => html`<li class="c">${certificationName.get(c) ?? c}</li>`),
    ...f.badges.map((b) => html`<li class="b">${b.name} badge</li>`),
  ];
  return html`<li data-testid="freelancer-card"><div class="who">${avatar}<div><h2 id="freelancer-${f.id}"><a href="/freelancers/${f.id}">${f.name}</a></h2><p>${f.headline}</p></div></div>
<p class="small" data-testid="freelancer-rating">${f.rating !== null && f.completed_engagements > 0 ? html`<span class="stars" aria-hidden="true">${stars(f.rating)}</span> ` : ''}${ratingText(f.rating, f.completed_engagements)} <span class="lvl">Level ${f.level} of ${CONSULTANT_LEVEL_SCALE}</span></p>
<p class="small">${facts}</p>
<ul class="tags" aria-label="Skills">${f.skills.map((s) => html`<li>${freelancerSkillLabel(s)}</li>`)}</ul>
${marks.length > 0 ? html`<ul class="tags" aria-label="Badges and certifications">${marks}</ul>` : ''}
<p><a class="btn sm" href="/hire/${f.id}" aria-label="Send a request to ${f.name}">Send a request</a></p></li>`;
}

/** `/freelancers`: the directory, searched, filtered, sorted and paged by the address, as the app's page. */
export function renderDirectoryPage(d: FreelancerDirectory, q: DirectoryPageQuery, options: { canonicalUrl: string }): string {
  const pages = Math.max(1, Math.ceil(d.count / FREELANCER_PAGE_SIZE));
  const count = d.count === 1 && !d.more ? '1 freelancer' : `${d.count.toLocaleString('en-US')}${d.more ? '+' : ''} freelancers`;
  const anyFilter = selects.some((s) => q[s.name]) || q.q || q.min_rate !== undefined || q.max_rate !== undefined;
  // On a phone the lists fold away behind "Filters" (a checkbox and CSS), so the first screen shows freelancers.
  const listsActive = selects.filter((s) => q[s.name]).length + (q.min_rate !== undefined ? 1 : 0) + (q.max_rate !== undefined ? 1 : 0);
  const form = html`<form class="filters" role="search" aria-label="Search and filters" method="get" action="/freelancers">
<div class="field wide"><label for="f-q">Search freelancers</label><input id="f-q" type="search" name="q" value="${q.q ?? ''}" placeholder="Name, headline or skill" maxlength="100"></div>
${select('sort', 'Sort by', freelancerSorts, q.sort)}
<input type="checkbox" id="fold" class="vh fold"${listsActive > 0 ? html` checked` : ''}><label for="fold" class="btn alt foldbtn lists-btn">Filters${listsActive > 0 ? ` (${listsActive} active)` : ''}</label>
<div class="lists">${selects.map((s) => select(s.name, s.label, s.options, q[s.name], s.any))}
${select('min_rate', 'Lowest rate', rateOptions(q.min_rate), q.min_rate === undefined ? undefined : String(q.min_rate), 'Any')}
${select('max_rate', 'Highest rate', rateOptions(q.max_rate), q.max_rate === undefined ? undefined : String(q.max_rate), 'Any')}</div>
<div class="fbtns"><button class="btn" type="submit">Search</button>${anyFilter ? html`<a class="btn text" href="/freelancers">Clear filters</a>` : ''}</div></form>`;
  const results =
    d.results.length === 0
      ? html`<div class="card empty" role="status"><p>No freelancer matches these filters. Clear a filter or search for something else.</p></div>`
      : html`<ul class="items three">${d.results.map(card)}</ul>`;
  const main = html`<div class="page" id="freelancers">
<div class="head"><div><h1>Freelancers</h1><p>Consultants and freelancers with passed-test badges and certifications, for valuations, negotiations, launches and more.</p></div>
<div class="acts"><a class="btn alt out-only" href="/register">Join as a freelancer</a><a class="btn alt in-only" href="/freelancer-profile">Your freelancer profile</a></div></div>
${form}
<p class="count" role="status" data-testid="freelancer-count">${count}</p>
${results}
${pager({ page: Math.min(q.page, pages), pages, href: (p) => directoryHref(q, p), label: 'Pages of freelancers' })}
</div>`;
  return publicPage({
    title: `Freelancers | ${siteBrand}`,
    description: 'Find domain consultants and freelancers by skill, passed-test badge, certification, rate, language and country.',
    canonical: options.canonicalUrl,
    main,
  });
}
