import {
  asCents,
  type CertificationRule,
  FREELANCER_COUNT_CAP,
  FREELANCER_PAGE_SIZE,
  type FreelancerDirectoryQuery,
  type FreelancerSort,
  freelancerCertifications,
  freelancerSkillLabel,
} from '@market/shared';
import { type AliasedExpression, type Expression, type ExpressionBuilder, type Selectable, sql, type SqlBool } from 'kysely';
import type { Dialect, Executor } from '../../db/database.js';
import type { Database, FreelancerBadgesTable, FreelancerProfilesTable } from '../../db/schema.js';

export type ProfileRow = Selectable<FreelancerProfilesTable> & { first_name: string; last_name: string; email: string };
export type BadgeRow = Selectable<FreelancerBadgesTable>;
export type DirectoryFilters = Omit<FreelancerDirectoryQuery, 'sort' | 'page'> & { sort: FreelancerSort; page: number };

type Eb = ExpressionBuilder<Database & { p: FreelancerProfilesTable }, 'p'>;

/** What the directory's text search reads: the name, the headline and the skills' labels. */
export function freelancerSearchText(first: string, last: string, headline: string, skills: readonly string[]): string {
  return [first, last, headline, ...skills.map(freelancerSkillLabel)].join(' ').toLowerCase();
}

/** LIKE pattern for a fragment, with the wildcard characters escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function selectProfiles(db: Executor) {
  return db
    .selectFrom('freelancer_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select(['u.first_name', 'u.last_name', 'u.email']);
}

/** Written as a literal, so both databases can use the indexes restricted to published profiles. */
const published = sql<SqlBool>`p.published = 1`;

function holdsBadge(eb: Eb, badge: string) {
  return eb.exists(
    eb
      .selectFrom('freelancer_badges as b')
      .select(sql`1`.as('one'))
      .whereRef('b.user_id', '=', 'p.user_id')
      .where('b.badge', '=', badge)
      .where('b.withdrawn_at', 'is', null),
  );
}

/** A certification's rule (packages/shared, freelancers.ts) as SQL over a profile `p`. */
function holdsCertification(eb: Eb, rule: CertificationRule) {
  return eb.and([eb('p.completed_engagements', '>=', rule.engagements), ...rule.badges.map((b) => holdsBadge(eb, b))]);
}

function holdsAnyCertification(eb: Eb) {
  return eb.or(freelancerCertifications.map((rule) => holdsCertification(eb, rule)));
}

export function findProfile(db: Executor, userId: number): Promise<ProfileRow | undefined> {
  return selectProfiles(db).where('p.user_id', '=', userId).executeTakeFirst();
}

export async function insertEmptyProfile(db: Executor, userId: number, now: string): Promise<void> {
  await db
    .insertInto('freelancer_profiles')
    .values({ user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function updateProfile(db: Executor, userId: number, patch: Partial<Omit<Selectable<FreelancerProfilesTable>, 'user_id'>>): Promise<void> {
  await db.updateTable('freelancer_profiles').set(patch).where('user_id', '=', userId).execute();
}

/** The skills and languages the directory filters on, as rows beside the profile's own lists. */
export async function replaceFacets(db: Executor, userId: number, skills: readonly string[], languages: readonly string[]): Promise<void> {
  await db.deleteFrom('freelancer_skills').where('user_id', '=', userId).execute();
  await db.deleteFrom('freelancer_languages').where('user_id', '=', userId).execute();
  if (skills.length > 0) await db.insertInto('freelancer_skills').values(skills.map((skill) => ({ user_id: userId, skill }))).execute();
  if (languages.length > 0) await db.insertInto('freelancer_languages').values(languages.map((language) => ({ user_id: userId, language }))).execute();
}

/** Badges held (not withdrawn) by these freelancers, oldest award first. */
export async function heldBadges(db: Executor, userIds: readonly number[]): Promise<BadgeRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('freelancer_badges')
    .selectAll()
    .where('user_id', 'in', [...new Set(userIds)])
    .where('withdrawn_at', 'is', null)
    .orderBy('id')
    .execute();
}

export function findBadge(db: Executor, userId: number, badgeId: number): Promise<BadgeRow | undefined> {
  return db.selectFrom('freelancer_badges').selectAll().where('id', '=', badgeId).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertBadge(
  db: Executor,
  values: { user_id: number; badge: string; passed_on: string; note: string; awarded_by: number; awarded_at: string },
): Promise<number> {
  const row = await db.insertInto('freelancer_badges').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Withdraws a held badge; false when it was already withdrawn (one of two racing calls wins). */
export async function withdrawBadge(db: Executor, badgeId: number, by: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('freelancer_badges')
    .set({ withdrawn_at: at, withdrawn_by: by })
    .where('id', '=', badgeId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The directory's orders, ending with the id so pages never overlap. */
function directoryOrder(sort: FreelancerSort, dialect: Dialect) {
  const nullsLast = dialect === 'postgres' ? ' NULLS LAST' : '';
  switch (sort) {
    case 'completed':
      return sql.raw('p.completed_engagements DESC, p.user_id');
    case 'rate_low':
      // SQLite sorts NULL first going up: those without a rate go after every rate.
      return sql.raw(dialect === 'postgres' ? 'p.hourly_rate_cents NULLS LAST, p.user_id' : 'p.hourly_rate_cents IS NULL, p.hourly_rate_cents, p.user_id');
    case 'rate_high':
      return sql.raw(`p.hourly_rate_cents DESC${nullsLast}, p.user_id`);
    default:
      return sql.raw(`p.rating DESC${nullsLast}, p.completed_engagements DESC, p.user_id`);
  }
}

/** The search's terms: lower-cased words of `q`, the first five. */
function searchTerms(q: string | undefined): string[] {
  return (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
}

/** Every condition of the directory's filters over a profile `p`. */
function matches(eb: Eb, f: DirectoryFilters) {
  const conditions: Expression<SqlBool>[] = [published];
  for (const term of searchTerms(f.q)) conditions.push(sql<SqlBool>`p.search_text LIKE ${likePattern(term)} ESCAPE '\\'`);
  if (f.skill) {
    const skill = f.skill;
    conditions.push(eb.exists(eb.selectFrom('freelancer_skills as s').select(sql`1`.as('one')).whereRef('s.user_id', '=', 'p.user_id').where('s.skill', '=', skill)));
  }
  if (f.language) {
    const language = f.language;
    conditions.push(
      eb.exists(eb.selectFrom('freelancer_languages as l').select(sql`1`.as('one')).whereRef('l.user_id', '=', 'p.user_id').where('l.language', '=', language)),
    );
  }
  if (f.badge) conditions.push(holdsBadge(eb, f.badge));
  if (f.certification) {
    const rule = freelancerCertifications.find((c) => c.key === f.certification);
    if (rule) conditions.push(holdsCertification(eb, rule));
  }
  if (f.min_rate !== undefined) conditions.push(eb('p.hourly_rate_cents', '>=', asCents(Number(f.min_rate))));
  if (f.max_rate !== undefined) conditions.push(eb('p.hourly_rate_cents', '<=', asCents(Number(f.max_rate))));
  if (f.country) conditions.push(eb('p.country', '=', f.country));
  if (f.availability) conditions.push(eb('p.availability', '=', f.availability));
  return eb.and(conditions);
}

/** The distinct words of a search text. A search term never holds white space, so it occurs in the text exactly when it occurs in one of them. */
function searchWords(searchText: string): string[] {
  return [...new Set(searchText.split(/\s+/).filter(Boolean))];
}

/** Indexes the words of these profiles' search texts (which hold no indexed words yet). */
export async function indexSearchWords(db: Executor, profiles: readonly { user_id: number; search_text: string }[]): Promise<void> {
  const pairs = profiles.flatMap((p) => searchWords(p.search_text).map((word) => ({ word, user_id: p.user_id })));
  if (pairs.length === 0) return;
  // Sorted, so concurrent writers take the vocabulary's row locks in one order.
  const vocabulary = [...new Set(pairs.map((p) => p.word))].sort().map((word) => ({ word }));
  await db
    .insertInto('freelancer_search_vocabulary')
    .values(vocabulary)
    .onConflict((oc) => oc.column('word').doNothing())
    .execute();
  await db.insertInto('freelancer_search_words').values(pairs).execute();
}

/** Replaces a profile's indexed words, in the transaction that writes its `search_text`. */
export async function replaceSearchWords(db: Executor, userId: number, searchText: string): Promise<void> {
  await db.deleteFrom('freelancer_search_words').where('user_id', '=', userId).execute();
  await indexSearchWords(db, [{ user_id: userId, search_text: searchText }]);
}

/**
 * Up to this many indexed words holding a term, the search starts from the term's profiles
 * (found through the short vocabulary); past it, the term is common and reading profiles in the
 * directory's order finds a page's worth sooner.
 */
const TERM_HOLDERS_LIMIT = 5_000;

/** The directory's thresholds; tests lower them to reach every plan with a few hundred profiles. */
export interface DirectoryLimits {
  countCap: number;
  termHolders: number;
}
const DIRECTORY_LIMITS: DirectoryLimits = { countCap: FREELANCER_COUNT_CAP, termHolders: TERM_HOLDERS_LIMIT };

/** Indexed words (of published profiles or not) containing the term: the term's holders, a profile once per such word. */
function termPostings(db: Executor, term: string) {
  return db
    .selectFrom('freelancer_search_words as w')
    .select('w.user_id')
    .where('w.word', 'in', db.selectFrom('freelancer_search_vocabulary as v').select('v.word').where(sql<SqlBool>`v.word LIKE ${likePattern(term)} ESCAPE '\\'`));
}

type ProfileSource = ReturnType<typeof allProfiles>;
const allProfiles = (db: Executor) => db.selectFrom('freelancer_profiles as p');

/**
 * These profiles (a list of `user_id`s), read first and each looked up by its key: SQLite keeps
 * the outer table of a CROSS JOIN first; PostgreSQL, which misjudges how many a short LIKE keeps
 * and would rather scan every profile, is held to it by a LATERAL subquery that OFFSET 0 keeps
 * from being merged.
 */
function profilesIn(db: Executor, dialect: Dialect, list: AliasedExpression<{ user_id: number }, 'h'>): ProfileSource {
  if (dialect === 'postgres') {
    return db
      .selectFrom(list)
      .innerJoinLateral(
        (eb) => eb.selectFrom('freelancer_profiles as f').selectAll('f').whereRef('f.user_id', '=', 'h.user_id').offset(0).as('p'),
        (join) => join.onTrue(),
      ) as unknown as ProfileSource;
  }
  return db.selectFrom(list).crossJoin('freelancer_profiles as p').whereRef('p.user_id', '=', 'h.user_id') as unknown as ProfileSource;
}

/** The profiles with these ids, given as one parameter (a JSON array for SQLite, an array for PostgreSQL). */
function profilesAmong(db: Executor, dialect: Dialect, ids: readonly number[]): ProfileSource {
  const list =
    dialect === 'postgres'
      ? sql<{ user_id: number }>`(SELECT unnest(${[...ids]}::integer[]) AS user_id)`
      : sql<{ user_id: number }>`(SELECT value AS user_id FROM json_each(${JSON.stringify(ids)}))`;
  return profilesIn(db, dialect, list.as('h'));
}

/** The longest of the search's terms, which fewest profiles are likely to hold. */
const longestTerm = (f: DirectoryFilters) => searchTerms(f.q).sort((a, b) => b.length - a.length)[0];

/** Where the search starts: the holders of the term when few enough hold it, else every profile. */
async function searchSource(db: Executor, dialect: Dialect, term: string | undefined, holdersLimit: number): Promise<ProfileSource> {
  if (term === undefined) return allProfiles(db);
  // Counted without DISTINCT, so the limit ends the read early.
  const held = await db
    .selectFrom(
      termPostings(db, term)
        .limit(holdersLimit + 1)
        .as('h'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(held.n) > holdersLimit) return allProfiles(db);
  const holders = termPostings(db, term).distinct();
  // In key order, PostgreSQL's lookups go through the table in order (its DISTINCT hashes).
  return profilesIn(db, dialect, (dialect === 'postgres' ? holders.orderBy('w.user_id') : holders).as('h'));
}

/** How many profiles from `source` match (up to the cap and one more), and their ids. */
async function countMatches(db: Executor, dialect: Dialect, source: ProfileSource, f: DirectoryFilters, cap: number): Promise<{ n: number; ids: number[] }> {
  const matching = source
    .where((eb) => matches(eb as Eb, f))
    .select('p.user_id')
    .limit(cap + 1);
  // The ids come back as one value (an array, or JSON text on SQLite), not a row each.
  const ids = dialect === 'postgres' ? sql<number[] | string | null>`array_agg(m.user_id)` : sql<number[] | string | null>`json_group_array(m.user_id)`;
  const total = await db
    .selectFrom(matching.as('m'))
    .select((eb) => [eb.fn.countAll<number>().as('n'), ids.as('ids')])
    .executeTakeFirstOrThrow();
  const list = typeof total.ids === 'string' ? (JSON.parse(total.ids) as number[]) : (total.ids ?? []);
  return { n: Number(total.n), ids: list.map(Number) };
}

/** A page of `source`'s profiles matching the filters, in the directory's order. */
function orderedPage(source: ProfileSource, dialect: Dialect, f: DirectoryFilters, filter: boolean): Promise<ProfileRow[]> {
  return (filter ? source.where((eb) => matches(eb as Eb, f)) : source)
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select(['u.first_name', 'u.last_name', 'u.email'])
    .orderBy(directoryOrder(f.sort, dialect))
    .limit(FREELANCER_PAGE_SIZE)
    .offset((f.page - 1) * FREELANCER_PAGE_SIZE)
    .execute();
}

/**
 * One page of published profiles matching the filters, and how many match (counted up to the
 * cap, `more` past it). `matches` applies every filter, the terms' LIKE included, whichever
 * profiles the search starts from, so the answer is always the plain filter's.
 *
 * PostgreSQL's trigram index finds a term of three characters or more (and its statistics say
 * how many hold it), and its pool answers the page and the count at once, so without a shorter
 * term it runs them side by side as they are. Otherwise the matches are found first, from a
 * rare term's holders or by reading every profile, stopping past the cap: up to the cap, the
 * page sorts just those; past it, the order's index, read from the top, meets a page of them soon.
 */
export async function directoryPage(
  db: Executor,
  dialect: Dialect,
  f: DirectoryFilters,
  limits: DirectoryLimits = DIRECTORY_LIMITS,
): Promise<{ count: number; more: boolean; rows: ProfileRow[] }> {
  const cap = limits.countCap;
  const term = longestTerm(f);
  if (dialect === 'postgres' && (term === undefined || term.length >= 3)) {
    const [total, rows] = await Promise.all([countMatches(db, dialect, allProfiles(db), f, cap), orderedPage(allProfiles(db), dialect, f, true)]);
    return { count: Math.min(total.n, cap), more: total.n > cap, rows };
  }
  const { n, ids } = await countMatches(db, dialect, await searchSource(db, dialect, term, limits.termHolders), f, cap);
  const more = n > cap;
  let rows: ProfileRow[] = [];
  if (more) rows = await orderedPage(allProfiles(db), dialect, f, true);
  else if (n > 0) rows = await orderedPage(profilesAmong(db, dialect, ids), dialect, f, false);
  return { count: Math.min(n, cap), more, rows };
}

/** The admin's list: every profile, newest first, optionally matching a name, e-mail or headline. */
export async function adminPage(db: Executor, q: string | undefined, page: number, limit: number): Promise<{ count: number; rows: ProfileRow[] }> {
  let query = db.selectFrom('freelancer_profiles as p').innerJoin('users as u', 'u.id', 'p.user_id');
  const term = (q ?? '').trim().toLowerCase();
  if (term) {
    const like = likePattern(term);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(u.email)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(p.headline)`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .selectAll('p')
      .select(['u.first_name', 'u.last_name', 'u.email'])
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.user_id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows };
}

export interface Holders {
  count: number;
  holders: { id: number; first_name: string; last_name: string }[];
}

async function holdersWhere(db: Executor, dialect: Dialect, condition: (eb: Eb) => ReturnType<Eb['and']>, limit: number): Promise<Holders> {
  const base = db.selectFrom('freelancer_profiles as p').where(published).where((eb) => condition(eb as Eb));
  const [holders, total] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.user_id as id', 'u.first_name', 'u.last_name'])
      .orderBy(directoryOrder('rating', dialect))
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), holders };
}

/** Published freelancers holding a badge: how many, and the best rated few. */
export function badgeHolders(db: Executor, dialect: Dialect, badge: string, limit: number): Promise<Holders> {
  return holdersWhere(db, dialect, (eb) => eb.and([holdsBadge(eb, badge)]), limit);
}

export function certificationHolders(db: Executor, dialect: Dialect, rule: CertificationRule, limit: number): Promise<Holders> {
  return holdersWhere(db, dialect, (eb) => holdsCertification(eb, rule), limit);
}

/** The best-rated published freelancer holding at least one certification. */
export function bestCertified(db: Executor, dialect: Dialect): Promise<ProfileRow | undefined> {
  return selectProfiles(db)
    .where(published)
    .where((eb) => holdsAnyCertification(eb as unknown as Eb))
    .orderBy(directoryOrder('rating', dialect))
    .limit(1)
    .executeTakeFirst();
}
