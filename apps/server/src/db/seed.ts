import { asCents, commissionSplit } from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, insertUser } from '../modules/auth/index.js';
import { describeDomain, importedDomain } from '../modules/domains/index.js';
import { type Db, nowIso } from './database.js';
import { DEMO_FREELANCERS, insertDemoFreelancers } from './seed-freelancers.js';

/** The demo accounts a fresh install shows; README lists them. Only the seed writes sample data. */
export const DEMO_PASSWORD = 'demo-password';
/** The demo seller, whose listings the demo's sponsored headlines are. */
export const DEMO_SELLER_EMAIL = 'seller@demo.test';
const DEMO_USERS = [
  { email: DEMO_SELLER_EMAIL, first_name: 'Sam', last_name: 'Seller', user_role: 'seller' },
  { email: 'buyer@demo.test', first_name: 'Bea', last_name: 'Buyer', user_role: 'buyer' },
  { email: 'founder@demo.test', first_name: 'Finn', last_name: 'Founder', user_role: 'common' },
  { email: 'freelancer@demo.test', first_name: 'Fay', last_name: 'Freelancer', user_role: 'freelancer' },
] as const;

interface DemoDomain {
  name: string;
  status?: 'Buy Now' | 'Price Upon Request' | 'Enquire' | 'Get Price' | '';
  price?: number;
  minOffer?: number;
  trade?: '3 Figures' | '4 Figures' | '5 Figures';
  breeder?: boolean;
  description?: string;
  pending?: boolean;
  /** Offered on lease to own: months and the down payment in dollars. */
  lease?: { months: number; down?: number };
}

/** A small, varied inventory: every listing type, trade tier and price band appears at least once. */
const DEMO_DOMAINS: DemoDomain[] = [
  { name: 'brightharbor.com', status: 'Buy Now', price: 4800, description: 'Short, memorable and easy to spell.' },
  { name: 'quickledger.io', status: 'Buy Now', price: 2900 },
  { name: 'greenroute.co', status: 'Buy Now', price: 7500, trade: '4 Figures', lease: { months: 12 } },
  { name: 'pixelforge.app', status: 'Buy Now', price: 3500 },
  { name: 'solarnest.com', status: 'Price Upon Request', price: 65000, minOffer: 40000, description: 'Premium two-word .com for clean energy.' },
  { name: 'atlasfinance.com', status: 'Price Upon Request', price: 120000, minOffer: 80000 },
  { name: 'codeharvest.io', status: 'Enquire', price: 18000, minOffer: 12000, breeder: true },
  { name: 'urbanfarm.ai', status: '', breeder: true, description: 'Looking for a founder to build the urban farming platform.' },
  { name: 'medibridge.co.uk', status: 'Get Price', price: 25000, minOffer: 15000, trade: '5 Figures' },
  { name: 'travel-mate.net', status: 'Buy Now', price: 1200, trade: '3 Figures' },
  { name: 'bytebakery.com', status: 'Price Upon Request', price: 30000, minOffer: 20000, breeder: true },
  { name: 'münchen-reisen.de', status: 'Buy Now', price: 3900 },
  { name: 'shop24.store', status: 'Buy Now', price: 900 },
  { name: 'cloudkite.dev', status: 'Buy Now', price: 14000, minOffer: 10000, trade: '5 Figures', lease: { months: 24, down: 2000 } },
  { name: 'freshpitch.io', status: '', pending: true },
];

async function insertDemoDomains(db: Db, sellerId: number, now: string): Promise<void> {
  for (const d of DEMO_DOMAINS) {
    const ascii = new URL(`http://${d.name}/`).hostname;
    const parts = describeDomain(ascii);
    if (!parts) throw new Error(`demo domain ${d.name} is not valid`);
    const price = d.price ?? 0;
    await db.kysely
      .insertInto('domains')
      .values({
        ...importedDomain(sellerId, parts, now),
        business_status: d.status ?? '',
        seller_price: price,
        buyer_price: price > 0 ? commissionSplit(price).buyerTotal : 0,
        min_offer: d.minOffer ?? 0,
        trade_option: d.trade ?? null,
        trade_switch: d.trade ? 1 : 0,
        startup_breeders: d.breeder ? 'Pitch to Us' : null,
        startup_breeders_switch: d.breeder ? 1 : 0,
        description: d.description ?? null,
        status: d.pending ? 'pending' : 'approved',
        reviewed_at: d.pending ? null : now,
        lease_months: d.lease?.months ?? null,
        lease_down_payment_cents: asCents((d.lease?.down ?? 0) * 100),
      })
      .execute();
  }
}

/**
 * An empty marketplace: no domain listed by anyone and none of the demo accounts yet. Accounts
 * alone do not make it used: the start creates the SuperAdmin (`ADMIN_EMAIL`) before it seeds.
 */
async function isEmptyMarketplace(db: Db): Promise<boolean> {
  const domain = await db.kysely.selectFrom('domains').select('id').limit(1).executeTakeFirst();
  if (domain) return false;
  const demoUser = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', 'in', DEMO_USERS.map((u) => u.email))
    .limit(1)
    .executeTakeFirst();
  return !demoUser;
}

/** Seeds demo data into an empty marketplace; returns false (and writes nothing) otherwise. */
export async function seedDemoData(db: Db, log?: FastifyBaseLogger): Promise<boolean> {
  if (!(await isEmptyMarketplace(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    let sellerId = 0;
    const userIds = new Map<string, number>();
    for (const user of DEMO_USERS) {
      const row = await insertUser(trx, {
        ...user,
        password_hash: passwordHash,
        country: 'IE',
        authentication_label: null,
        created_at: now,
        updated_at: now,
      });
      if (user.user_role === 'seller') sellerId = row.id;
      userIds.set(user.email, row.id);
    }
    await insertDemoDomains({ ...db, kysely: trx }, sellerId, now);
    // The demo accounts that are not freelancers are the clients who hired and reviewed them.
    const clientIds = DEMO_USERS.filter((u) => u.user_role !== 'freelancer').map((u) => userIds.get(u.email)!);
    await insertDemoFreelancers(trx, userIds, { password_hash: passwordHash, now, clientIds });
  });
  log?.info({ users: DEMO_USERS.map((u) => u.email), password: DEMO_PASSWORD, domains: DEMO_DOMAINS.length, freelancers: DEMO_FREELANCERS.length }, 'demo data seeded');
  return true;
}
