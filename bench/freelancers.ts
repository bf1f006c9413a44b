/**
 * The freelancer directory over HTTP on 100,000 generated profiles: the real server
 * (apps/server/src/main.ts) answering GET /api/freelancers/ one request at a time.
 *
 *   node --conditions=source --import tsx bench/freelancers.ts [--postgres] [--profiles=100000] [--runs=300] [--port=43310]
 *
 * SQLite by default (a file under bench/out/); with --postgres the database at DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), in schema BENCH_PG_SCHEMA (default
 * bench_freelancers). Profiles are generated once and kept; a later run reuses them.
 * Scenarios: a text search (name, headline or skill word), a skill filter, and the whole
 * directory sorted by rating (pages 1 to 5). Budget: p95 at most 20 ms each.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { asCents, freelancerBadgeKeys, freelancerLanguageKeys, freelancerSkillKeys } from '@market/shared';
import type { Db } from '../apps/server/src/db/database.js';
import { freelancerSearchText, indexSearchWords } from '../apps/server/src/modules/freelancers/freelancers.repository.js';
import { createRng, pick } from './generate-names.js';
import { startAppProcess } from './lib/app-process.js';
import { type BenchDialect, hasFlag, isMain, machineSummary, ms, openBenchDb, OUT_DIR, PG_URL, saveReport, stats, table } from './lib/common.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const BUDGET_MS = 20;
const FIRST = ['Ada', 'Bea', 'Carl', 'Dana', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kira', 'Lars', 'Mia', 'Nils', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sam', 'Tove', 'Uma', 'Vik', 'Wen', 'Yara', 'Zed'];
const LAST = ['Adler', 'Brook', 'Costa', 'Dahl', 'Ekdal', 'Fischer', 'Garcia', 'Hale', 'Ito', 'Jensen', 'Kowal', 'Lind', 'Moreau', 'Novak', 'Okafor', 'Petrov', 'Quist', 'Rossi', 'Silva', 'Tanaka', 'Ueda', 'Vidal', 'Weber', 'Xu', 'Young'];
const TOPICS = ['valuation', 'brokerage', 'branding', 'logo design', 'landing pages', 'DNS set-up', 'trademark checks', 'portfolio pricing', 'launch marketing', 'web development', 'SEO copy', 'negotiation'];
const NICHES = ['premium .com names', 'start-ups', 'fintech brands', 'health domains', 'short names', 'AI start-ups', 'local businesses', 'e-commerce'];
const COUNTRIES = ['IE', 'GB', 'US', 'DE', 'FR', 'ES', 'IT', 'NL', 'PL', 'SE', 'JP', 'IN', 'NG', 'BR', 'CA', 'AU', 'AE', 'TR', 'MX', 'KR'];
const AVAILABILITY = ['available', 'available', 'limited', 'unavailable'];
const BATCH = 1000;

/** Picks k distinct items. */
function some<T>(rng: () => number, items: readonly T[], k: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < k && pool.length > 0) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0] as T);
  return out;
}

/** Users, profiles, skills, languages and badges for `count` freelancers, in batches (once). */
export async function seedProfiles(db: Db, count: number): Promise<number> {
  const k = db.kysely;
  const have = Number((await k.selectFrom('freelancer_profiles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  if (have >= count) return 0;
  const rng = createRng(2026);
  const now = new Date().toISOString();
  const started = performance.now();
  for (let from = have; from < count; from += BATCH) {
    const n = Math.min(BATCH, count - from);
    await k.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          Array.from({ length: n }, (_, i) => ({
            email: `freelancer-${from + i}@bench.test`,
            first_name: pick(rng, FIRST),
            last_name: pick(rng, LAST),
            password_hash: null,
            user_role: 'freelancer',
            country: null,
            authentication_label: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'first_name', 'last_name'])
        .execute();
      const skills: { user_id: number; skill: string }[] = [];
      const languages: { user_id: number; language: string }[] = [];
      const badges: { user_id: number; badge: string; passed_on: string; note: string; awarded_by: null; awarded_at: string }[] = [];
      const profiles = users.map((u) => {
        const mine = some(rng, freelancerSkillKeys, 1 + Math.floor(rng() * 4));
        const langs = some(rng, freelancerLanguageKeys.slice(0, 8), 1 + Math.floor(rng() * 3));
        for (const skill of mine) skills.push({ user_id: u.id, skill });
        for (const language of langs) languages.push({ user_id: u.id, language });
        for (const badge of some(rng, freelancerBadgeKeys, Math.floor(rng() * 4))) {
          badges.push({ user_id: u.id, badge, passed_on: '2025-10-01', note: '', awarded_by: null, awarded_at: now });
        }
        const headline = `${pick(rng, TOPICS)} for ${pick(rng, NICHES)}`;
        const rated = rng() < 0.7;
        return {
          user_id: u.id,
          headline,
          bio: `Freelancer working on ${headline}.`,
          skills: JSON.stringify(mine),
          hourly_rate_cents: rng() < 0.9 ? asCents(2_000 + Math.floor(rng() * 180) * 100) : null,
          languages: JSON.stringify(langs),
          country: pick(rng, COUNTRIES),
          availability: pick(rng, AVAILABILITY),
          published: rng() < 0.95 ? 1 : 0,
          published_at: now,
          completed_engagements: rated ? 1 + Math.floor(rng() * 40) : 0,
          rating: rated ? Math.round((3 + rng() * 2) * 10) / 10 : null,
          search_text: freelancerSearchText(u.first_name, u.last_name, headline, mine),
          created_at: now,
          updated_at: now,
        };
      });
      await trx.insertInto('freelancer_profiles').values(profiles).execute();
      await trx.insertInto('freelancer_skills').values(skills).execute();
      await trx.insertInto('freelancer_languages').values(languages).execute();
      if (badges.length > 0) await trx.insertInto('freelancer_badges').values(badges).execute();
      await indexSearchWords(trx, profiles);
    });
  }
  return performance.now() - started;
}

interface Scenario {
  key: string;
  title: string;
  paths: string[];
}

function scenarios(runs: number): Scenario[] {
  const rng = createRng(7);
  const words = [...FIRST, ...LAST, 'valuation', 'brand', 'landing', 'dns', 'fintech', 'marketing', 'start-ups', 'logo'].map((w) => w.toLowerCase());
  const list = (make: (i: number) => string) => Array.from({ length: runs }, (_, i) => make(i));
  return [
    { key: 'text', title: 'text search (q=)', paths: list(() => `/api/freelancers/?q=${encodeURIComponent(pick(rng, words))}`) },
    { key: 'skill', title: 'skill filter', paths: list(() => `/api/freelancers/?skill=${pick(rng, freelancerSkillKeys)}`) },
    { key: 'rating', title: 'all, sorted by rating (pages 1-5)', paths: list((i) => `/api/freelancers/?sort=rating&page=${1 + (i % 5)}`) },
  ];
}

async function run(dialect: BenchDialect, count: number, runs: number, port: number) {
  const schema = process.env.BENCH_PG_SCHEMA ?? 'bench_freelancers';
  const dataDir = path.join(OUT_DIR, `freelancers-${count}`);
  const db = await openBenchDb(dialect, dialect === 'sqlite' ? { sqliteFile: path.join(dataDir, 'market.db') } : { schema });
  const seedMs = await seedProfiles(db, count);
  // Fresh statistics and visibility maps, as autovacuum would keep them on a live database (also
  // after a migration filled new tables in data generated before it).
  await sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db.kysely);
  await db.destroy();
  console.log(seedMs > 0 ? `${dialect}: ${count.toLocaleString('en-US')} profiles generated in ${(seedMs / 1000).toFixed(1)} s` : `${dialect}: reusing ${count.toLocaleString('en-US')} profiles`);

  const app = await startAppProcess(
    dialect === 'sqlite' ? { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } : { DATA_DIR: dataDir, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, LOG_LEVEL: 'warn' },
    port,
  );
  const rows: (string | number)[][] = [];
  const figures: Record<string, unknown> = {};
  try {
    for (const s of scenarios(runs)) {
      // Warm-up: statement caches, the page cache and the JIT.
      for (const p of s.paths.slice(0, 20)) await fetch(`${app.url}${p}`).then((r) => r.arrayBuffer());
      const samples: number[] = [];
      let total = 0;
      for (const p of s.paths) {
        const t = performance.now();
        const res = await fetch(`${app.url}${p}`);
        const body = (await res.json()) as { count?: number };
        samples.push(performance.now() - t);
        if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
        total += body.count ?? 0;
      }
      const st = stats(samples);
      figures[s.key] = { ...st, meanMatches: Math.round(total / samples.length) };
      rows.push([s.title, st.n, Math.round(total / samples.length).toLocaleString('en-US'), ms(st.p50), ms(st.p95), ms(st.max), st.p95 <= BUDGET_MS ? 'yes' : 'no']);
    }
  } finally {
    await app.stop();
  }
  return { rows, figures };
}

async function main() {
  const dialect: BenchDialect = hasFlag('--postgres') ? 'postgres' : 'sqlite';
  const count = arg('profiles', 100_000);
  const runs = arg('runs', 300);
  const port = arg('port', 43310);
  const { rows, figures } = await run(dialect, count, runs, port);
  const report = [
    `## Freelancer directory over HTTP (${dialect}, ${count.toLocaleString('en-US')} profiles), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `**Machine:** ${machineSummary()}. One request at a time from the same machine.`,
    '',
    table(['scenario', 'requests', 'mean matches', 'p50 (ms)', 'p95 (ms)', 'max (ms)', `p95 ≤ ${BUDGET_MS} ms`], rows),
  ].join('\n');
  console.log(report);
  saveReport(`freelancers-${dialect}`, report, figures);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
