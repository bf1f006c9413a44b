import {
  FREELANCER_COUNT_CAP,
  FREELANCER_PAGE_SIZE,
  type FreelancerDirectory,
  type FreelancerProfileBody,
  freelancerProfileBody,
  type FreelancerSort,
  freelancerAvailabilityKeys,
  freelancerBadgeKeys,
  freelancerCertificationKeys,
  freelancerCertifications,
  freelancerLanguageKeys,
  freelancerSkillKeys,
  freelancerSortKeys,
} from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp, testDialect } from '../../test/test-app.js';
import { insertUser, type Principal } from '../auth/index.js';
import { type DirectoryFilters, type DirectoryLimits, directoryPage } from './freelancers.repository.js';
import { seededRandom } from '../../test/seeded-random.js';

/**
 * The directory's answers against a plain filter and sort over every profile, on a few hundred
 * generated ones, before and after edits, unpublishing and badge withdrawals. Besides the
 * server's own thresholds, small ones make a few hundred profiles reach every plan: a term's
 * holders as the start or every profile, and a page sorted from the matches or read in order.
 */

const PROFILES = 300;
/** Hundreds of profiles written and some 750 directory answers read: generous on a busy machine. */
const SLOW_MS = 120_000;
const FIRST = ['Ada', 'Adam', 'Nadia', 'Zoë', 'Émile', 'Xu', 'Li', 'Anna', 'Jo'];
const LAST = ['Lovelace', 'Love', 'Ito', 'Xu', 'Ng', 'Müller', 'Adler', 'Okafor'];
const WORDS = ['valuation', 'brand', 'branding', 'landing pages', 'DNS set-up', '100%', 'snake_case', 'back\\slash', 'start-ups', 'Café', 'logo', 'AI', 'fintech'];
const COUNTRIES = ['IE', 'DE', 'JP', null] as const;
const TERMS = ['a', 'ad', 'ada', 'ADA', 'adam', 'xu', 'x', 'love', 'lace', 'é', 'café', '100%', '%', '_', 'e_c', '\\', 'start-up', 'dns', 'nd', 'zz', 'brand', 'ada love', 'brand ai', 'o valuation'];
const SMALL: DirectoryLimits[] = [
  { countCap: 25, termHolders: 15 },
  { countCap: 25, termHolders: 1_000 },
  { countCap: 1_000, termHolders: 1_000 },
];

type Query = Partial<Record<keyof DirectoryFilters, string>>;

interface Truth {
  id: number;
  published: boolean;
  text: string;
  skills: string[];
  languages: string[];
  rate: number | null;
  country: string | null;
  availability: string;
  rating: number | null;
  completed: number;
  badges: Set<string>;
}

/** NULLs after every value, either way round; then the id. */
function compareNullable(a: number | null, b: number | null, descending: boolean): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return descending ? b - a : a - b;
}

const orders: Record<FreelancerSort, (a: Truth, b: Truth) => number> = {
  rating: (a, b) => compareNullable(a.rating, b.rating, true) || b.completed - a.completed || a.id - b.id,
  completed: (a, b) => b.completed - a.completed || a.id - b.id,
  rate_low: (a, b) => compareNullable(a.rate, b.rate, false) || a.id - b.id,
  rate_high: (a, b) => compareNullable(a.rate, b.rate, true) || a.id - b.id,
};

/** The directory's rules, written out plainly. */
function reference(all: Truth[], q: Query, cap: number) {
  const terms = (q.q ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  const rule = freelancerCertifications.find((c) => c.key === q.certification);
  const matching = all
    .filter(
      (p) =>
        p.published &&
        terms.every((t) => p.text.includes(t)) &&
        (!q.skill || p.skills.includes(q.skill)) &&
        (!q.language || p.languages.includes(q.language)) &&
        (!q.badge || p.badges.has(q.badge)) &&
        (!rule || (p.completed >= rule.engagements && rule.badges.every((b) => p.badges.has(b)))) &&
        (q.min_rate === undefined || (p.rate !== null && p.rate >= Number(q.min_rate))) &&
        (q.max_rate === undefined || (p.rate !== null && p.rate <= Number(q.max_rate))) &&
        (!q.country || p.country === q.country) &&
        (!q.availability || p.availability === q.availability),
    )
    .sort(orders[(q.sort as FreelancerSort | undefined) ?? 'rating']);
  const page = Number(q.page ?? 1);
  return {
    count: Math.min(matching.length, cap),
    more: matching.length > cap,
    ids: matching.slice((page - 1) * FREELANCER_PAGE_SIZE, page * FREELANCER_PAGE_SIZE).map((p) => p.id),
  };
}

/** Every term alone and with other filters, every filter alone, each order, a few pages. */
function queries(rng: () => number): Query[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)] as T;
  const out: Query[] = [{}, { page: '2' }, { page: '9' }];
  for (const q of TERMS) {
    out.push({ q });
    for (const sort of freelancerSortKeys) out.push({ q, sort, page: pick(['1', '2']) });
    out.push({ q, skill: pick(freelancerSkillKeys) }, { q, country: pick(['IE', 'DE', 'JP']) }, { q, badge: pick(freelancerBadgeKeys) });
    out.push({ q, certification: pick(freelancerCertificationKeys), availability: pick(freelancerAvailabilityKeys) }, { q, min_rate: '4000', max_rate: '12000' });
  }
  for (const skill of freelancerSkillKeys.slice(0, 6)) out.push({ skill }, { skill, sort: 'rate_low', page: '2' });
  for (const badge of freelancerBadgeKeys) out.push({ badge }, { badge, sort: 'completed' });
  for (const certification of freelancerCertificationKeys) out.push({ certification });
  for (const language of freelancerLanguageKeys.slice(0, 4)) out.push({ language, sort: 'rate_high' });
  for (const availability of freelancerAvailabilityKeys) out.push({ availability, country: 'IE' });
  out.push({ min_rate: '5000' }, { max_rate: '3000', sort: 'rate_high' }, { min_rate: '0', max_rate: '0' });
  return out;
}

describe(`freelancer directory against a reference filter (${testDialect})`, () => {
  let t: TestApp;
  let admin: Principal;
  const principals: Principal[] = [];
  const rng = seededRandom(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)] as T;
  const some = <T>(list: readonly T[], max: number) => [...new Set(Array.from({ length: Math.floor(rng() * (max + 1)) }, () => pick(list)))];

  const body = (): FreelancerProfileBody => ({
    headline: `${pick(WORDS)} ${rng() < 0.5 ? 'for' : 'and'} ${pick(WORDS)}`,
    bio: '',
    skills: some(freelancerSkillKeys.slice(0, 8), 3),
    hourly_rate_cents: rng() < 0.15 ? null : pick([0, 2_000, 3_000, 4_000, 9_500, 12_000, 20_000]),
    packages: [],
    languages: some(freelancerLanguageKeys.slice(0, 5), 2),
    country: pick(COUNTRIES),
    availability: pick(freelancerAvailabilityKeys),
    links: [],
  });

  /** What the database holds, read plainly: the profiles, their lists and held badges. */
  async function truth(): Promise<Truth[]> {
    const k = t.db.kysely;
    const rows = await k.selectFrom('freelancer_profiles').selectAll().execute();
    const badges = await k.selectFrom('freelancer_badges').select(['user_id', 'badge']).where('withdrawn_at', 'is', null).execute();
    return rows.map((r) => ({
      id: r.user_id,
      published: r.published === 1,
      text: r.search_text,
      skills: JSON.parse(r.skills) as string[],
      languages: JSON.parse(r.languages) as string[],
      rate: r.hourly_rate_cents,
      country: r.country,
      availability: r.availability,
      rating: r.rating === null ? null : Number(r.rating),
      completed: r.completed_engagements,
      badges: new Set(badges.filter((b) => b.user_id === r.user_id).map((b) => b.badge)),
    }));
  }

  async function compareAll(): Promise<number> {
    const all = await truth();
    let compared = 0;
    for (const q of queries(seededRandom(7))) {
      const url = `/api/freelancers/?${new URLSearchParams(q as Record<string, string>).toString()}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const answer = json<FreelancerDirectory>(res);
      const expected = reference(all, q, FREELANCER_COUNT_CAP);
      expect({ url, count: answer.count, more: answer.more, ids: answer.results.map((r) => r.id) }).toEqual({ url, ...expected });

      const filters = { ...q, sort: (q.sort as FreelancerSort | undefined) ?? 'rating', page: Number(q.page ?? 1) } as DirectoryFilters;
      for (const limits of SMALL) {
        const got = await directoryPage(t.db.kysely, t.db.dialect, filters, limits);
        const want = reference(all, q, limits.countCap);
        expect({ url, limits, count: got.count, more: got.more, ids: got.rows.map((r) => r.user_id) }).toEqual({ url, limits, ...want });
      }
      compared += 1;
    }
    return compared;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const now = new Date().toISOString();
    const user = (i: number, first: string, last: string) =>
      insertUser(t.db.kysely, { email: `directory-${i}@example.com`, first_name: first, last_name: last, password_hash: null, user_role: 'freelancer', country: null, authentication_label: null, created_at: now, updated_at: now });
    admin = { user: await user(0, 'Admin', 'User'), sessionId: 0 };
    const service = t.app.services.freelancers;
    for (let i = 1; i <= PROFILES; i += 1) {
      const principal = { user: await user(i, pick(FIRST), pick(LAST)), sessionId: 0 };
      principals.push(principal);
      const input = body();
      await service.save(principal, freelancerProfileBody.parse(input));
      if (input.headline && input.skills.length > 0 && rng() < 0.9) await service.setPublished(principal, true);
      const rated = rng() < 0.7;
      await t.db.kysely
        .updateTable('freelancer_profiles')
        .set({ completed_engagements: rated ? Math.floor(rng() * 12) : 0, rating: rated ? pick([3, 3.5, 4, 4.5, 5]) : null })
        .where('user_id', '=', principal.user.id)
        .execute();
      for (const badge of some(freelancerBadgeKeys, 3)) await service.awardBadge(admin, principal.user.id, { badge, passed_on: '2025-10-01', note: '' });
    }
  }, SLOW_MS);
  afterAll(() => t.close());

  it('answers every filter, order and page as the reference does', async () => {
    expect(await compareAll()).toBeGreaterThan(150);
  }, SLOW_MS);

  it('still does after edits, unpublishing and badge withdrawals', async () => {
    const service = t.app.services.freelancers;
    for (const principal of principals.slice(0, 80)) {
      const own = await service.own(principal);
      const input = body();
      // A published profile must stay publishable: keep a headline and a skill.
      if (own.published && (input.skills.length === 0 || !input.headline)) input.skills = ['valuation'];
      await service.save(principal, freelancerProfileBody.parse(input));
    }
    for (const principal of principals.slice(80, 120)) {
      const own = await service.own(principal);
      if (own.published) await service.setPublished(principal, false);
    }
    for (const principal of principals.slice(120, 180)) {
      const held = (await service.own(principal)).badges;
      if (held[0]) await service.withdrawBadge(admin, principal.user.id, held[0].id);
    }
    expect(await compareAll()).toBeGreaterThan(150);
  }, SLOW_MS);
});
