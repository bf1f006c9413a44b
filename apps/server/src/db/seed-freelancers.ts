import { asCents, type Cents, FREELANCE_COMMISSION_PERCENT, type FreelancerAvailability, type FreelancerBadge, type FreelancerLanguage, type FreelancerPackage, type FreelancerSkill, milestoneAmounts } from '@market/shared';
import { insertUser } from '../modules/auth/index.js';
import { refreshFreelancerAggregates } from '../modules/engagements/index.js';
import { freelancerSearchText, replaceFacets, replaceSearchWords } from '../modules/freelancers/index.js';
import type { Executor } from './database.js';

export interface DemoFreelancer {
  email: string;
  first_name: string;
  last_name: string;
  headline: string;
  bio: string;
  skills: FreelancerSkill[];
  hourly_rate_cents: Cents;
  packages: FreelancerPackage[];
  languages: FreelancerLanguage[];
  country: string;
  availability: FreelancerAvailability;
  links: string[];
  /** Passed tests and the day each was passed. */
  badges: [FreelancerBadge, string][];
  /**
   * Completed engagements and the stars their clients gave: the seed writes each one (engagement,
   * paid-out milestone, review), and the profile's rating and count follow from them.
   */
  work: DemoWork[];
}

/** One completed engagement of a demo freelancer, and the client's review of it. */
export interface DemoWork {
  title: string;
  stars: number;
  review: string;
}

/** `count` pieces of work titled in turn from `titles`, with these stars (the rest fives). */
function work(count: number, titles: readonly string[], lowerStars: readonly number[] = []): DemoWork[] {
  const praise = [
    'Clear, thorough and on time. Would hire again.',
    'Explained every step and delivered exactly what we agreed.',
    'Quick answers and a careful job.',
    'Good work, a little slower than planned but worth the wait.',
  ];
  return Array.from({ length: count }, (_, i) => {
    const stars = lowerStars[i] ?? 5;
    return { title: titles[i % titles.length] ?? 'Project', stars, review: stars === 5 ? (praise[i % 3] ?? '') : (praise[3] ?? '') };
  });
}

/**
 * Demo freelancers with published profiles and badges, so the directory and the home page's
 * showcase have someone to show. The first is the demo freelancer account (README).
 */
export const DEMO_FREELANCERS: DemoFreelancer[] = [
  {
    email: 'freelancer@demo.test',
    first_name: 'Fay',
    last_name: 'Freelancer',
    headline: 'Domain valuation and brokerage for premium .com names',
    bio: 'Twelve years pricing and selling domain names for investors and start-ups.\nEvery valuation comes as a written report with comparable sales and a recommended asking price.',
    skills: ['valuation', 'negotiation', 'trademark-screening'],
    hourly_rate_cents: asCents(12_000),
    packages: [
      { title: 'Single-name valuation', description: 'A written report with comparable sales and a price range.', price_cents: asCents(15_000), delivery_days: 3 },
      { title: 'Negotiation support', description: 'I run the offers and counter offers until the transfer completes.', price_cents: asCents(60_000), delivery_days: 14 },
    ],
    languages: ['en', 'fr'],
    country: 'IE',
    availability: 'available',
    links: ['https://example.com/fay-valuations'],
    badges: [
      ['valuation', '2025-09-12'],
      ['negotiation', '2025-10-03'],
      ['trademark-screening', '2025-11-20'],
    ],
    work: work(12, ['Valuation of solarnest.com', 'Negotiation support for atlasfinance.com', 'Portfolio valuation, 20 names', 'Trademark check before listing'], [5, 5, 4]),
  },
  {
    email: 'noah.okafor@demo.test',
    first_name: 'Noah',
    last_name: 'Okafor',
    headline: 'DNS set-up and landing pages that load fast',
    bio: 'I point your domain at the right nameservers, verify it and build a landing page that turns visitors into inquiries.',
    skills: ['dns', 'landing-pages', 'web-development'],
    hourly_rate_cents: asCents(8_500),
    packages: [{ title: 'Nameserver set-up and check', description: 'Pointing, verification and a test report.', price_cents: asCents(5_000), delivery_days: 1 }],
    languages: ['en'],
    country: 'NG',
    availability: 'available',
    links: ['https://example.com/noah'],
    badges: [
      ['dns', '2025-08-30'],
      ['landing-pages', '2025-09-18'],
    ],
    work: work(6, ['Nameserver set-up for bytebakery.com', 'Landing page for greenroute.co'], [5, 4, 5, 5, 4]),
  },
  {
    email: 'ken.watanabe@demo.test',
    first_name: 'Ken',
    last_name: 'Watanabe',
    headline: 'Portfolio management for large domain portfolios',
    bio: 'Imports, pricing reviews and renewals for portfolios of hundreds of names, with a monthly report.',
    skills: ['valuation', 'dns', 'marketing'],
    hourly_rate_cents: asCents(10_000),
    packages: [{ title: 'Portfolio price review', description: 'Up to 200 names priced and tagged.', price_cents: asCents(90_000), delivery_days: 10 }],
    languages: ['ja', 'en'],
    country: 'JP',
    availability: 'limited',
    links: [],
    badges: [
      ['dns', '2025-07-02'],
      ['valuation', '2025-07-21'],
      ['negotiation', '2025-10-14'],
    ],
    work: work(5, ['Portfolio price review', 'Renewal plan for 150 names'], [5, 5, 4]),
  },
  {
    email: 'lucia.romero@demo.test',
    first_name: 'Lucía',
    last_name: 'Romero',
    headline: 'Brand names, logos and launch identity',
    bio: 'From a freshly bought domain to a logo, colours and a landing page that matches them.',
    skills: ['branding', 'marketing', 'landing-pages'],
    hourly_rate_cents: asCents(6_000),
    packages: [{ title: 'Logo and colour set', description: 'Three logo directions, one refined, with a colour palette.', price_cents: asCents(45_000), delivery_days: 7 }],
    languages: ['es', 'en'],
    country: 'ES',
    availability: 'limited',
    links: ['https://example.com/lucia-studio'],
    badges: [['landing-pages', '2025-11-05']],
    work: work(3, ['Logo and colours for pixelforge.app', 'Launch identity for freshpitch.io'], [5, 4]),
  },
  {
    email: 'marta.nowak@demo.test',
    first_name: 'Marta',
    last_name: 'Nowak',
    headline: 'Trademark screening before you buy or list',
    bio: 'I check names against registered marks in the EU, UK and US before you commit.',
    skills: ['trademark-screening', 'valuation'],
    hourly_rate_cents: asCents(7_000),
    packages: [],
    languages: ['pl', 'en', 'de'],
    country: 'PL',
    availability: 'unavailable',
    links: [],
    badges: [['trademark-screening', '2025-06-11']],
    work: [],
  },
  {
    email: 'omar.haddad@demo.test',
    first_name: 'Omar',
    last_name: 'Haddad',
    headline: 'Web development for new domain launches',
    bio: 'Fast, accessible websites for names that are ready to become businesses.',
    skills: ['web-development', 'landing-pages', 'marketing'],
    hourly_rate_cents: asCents(7_500),
    packages: [{ title: 'Launch website', description: 'Five pages, contact form and analytics.', price_cents: asCents(180_000), delivery_days: 21 }],
    languages: ['ar', 'en', 'fr'],
    country: 'AE',
    availability: 'available',
    links: ['https://example.com/omar-dev'],
    badges: [],
    work: work(1, ['Launch website for quickledger.io']),
  },
];

const DAY = 86_400_000;

/**
 * One completed engagement: hired, its one milestone paid out, and the client's review. Paid
 * out holds nothing in escrow, so the ledger reconciles without movements for it.
 */
async function insertDemoWork(db: Executor, freelancerId: number, clientId: number, w: DemoWork, daysAgo: number): Promise<void> {
  const at = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  const budget = asCents(50_000);
  const engagement = await db
    .insertInto('engagements')
    .values({
      client_id: clientId,
      freelancer_id: freelancerId,
      title: w.title,
      brief: `${w.title}, as agreed in the conversation.`,
      budget_cents: budget,
      deadline: at(daysAgo - 14).slice(0, 10),
      status: 'active',
      commission_percent: FREELANCE_COMMISSION_PERCENT,
      accepted_at: at(daysAgo + 1),
      first_funded_at: at(daysAgo),
      created_at: at(daysAgo + 2),
      updated_at: at(daysAgo - 10),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('engagement_milestones')
    .values({
      engagement_id: engagement.id,
      position: 1,
      title: w.title,
      due_date: at(daysAgo - 7).slice(0, 10),
      status: 'paid_out',
      ...milestoneAmounts(budget, FREELANCE_COMMISSION_PERCENT),
      provider: 'manual',
      payment_reference: `DEMO-${engagement.id}`,
      paid_at: at(daysAgo),
      delivered_at: at(daysAgo - 6),
      delivery_note: 'Delivered as agreed.',
      approved_at: at(daysAgo - 8),
      payout_at: at(daysAgo - 9),
      created_at: at(daysAgo + 2),
      updated_at: at(daysAgo - 9),
    })
    .execute();
  await db
    .insertInto('engagement_reviews')
    .values({ engagement_id: engagement.id, author_id: clientId, subject_id: freelancerId, author_role: 'client', stars: w.stars, body: w.review, created_at: at(daysAgo - 10) })
    .execute();
}

/**
 * Writes the demo freelancers' profiles and their completed, reviewed work; `userIds` holds the
 * demo accounts already created, by e-mail, and `clientIds` the ones that hired them.
 */
export async function insertDemoFreelancers(
  db: Executor,
  userIds: Map<string, number>,
  account: { password_hash: string; now: string; clientIds: number[] },
): Promise<void> {
  const { now } = account;
  for (const f of DEMO_FREELANCERS) {
    let userId = userIds.get(f.email);
    if (userId === undefined) {
      const row = await insertUser(db, {
        email: f.email,
        first_name: f.first_name,
        last_name: f.last_name,
        user_role: 'freelancer',
        password_hash: account.password_hash,
        country: f.country,
        authentication_label: null,
        created_at: now,
        updated_at: now,
      });
      userId = row.id;
    }
    const searchText = freelancerSearchText(f.first_name, f.last_name, f.headline, f.skills);
    await db
      .insertInto('freelancer_profiles')
      .values({
        user_id: userId,
        headline: f.headline,
        bio: f.bio,
        skills: JSON.stringify(f.skills),
        hourly_rate_cents: f.hourly_rate_cents,
        packages: JSON.stringify(f.packages),
        languages: JSON.stringify(f.languages),
        country: f.country,
        availability: f.availability,
        links: JSON.stringify(f.links),
        published: 1,
        published_at: now,
        search_text: searchText,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await replaceFacets(db, userId, f.skills, f.languages);
    await replaceSearchWords(db, userId, searchText);
    for (const [badge, passedOn] of f.badges) {
      await db.insertInto('freelancer_badges').values({ user_id: userId, badge, passed_on: passedOn, note: '', awarded_by: null, awarded_at: now }).execute();
    }
    for (const [i, w] of f.work.entries()) {
      const clientId = account.clientIds[i % account.clientIds.length];
      if (clientId === undefined) throw new Error('demo freelancers need a demo client');
      // Oldest first, so ids and dates agree: lists order reviews by id, newest first.
      await insertDemoWork(db, userId, clientId, w, 20 + (f.work.length - 1 - i) * 9);
    }
    // The profile's figures come from the reviews just written, by the same rule as a real review.
    await refreshFreelancerAggregates(db, userId);
  }
}
