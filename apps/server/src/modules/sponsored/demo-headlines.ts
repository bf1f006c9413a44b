import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { findUserByEmail } from '../auth/index.js';
import type { SponsoredService } from './sponsored.service.js';

/**
 * A fresh demo's home page shows sponsored headlines: the demo seller orders one headline in
 * each category it has a domain for, and the order is paid by bank transfer as an admin would
 * record it, through the same steps and ledger as any order.
 */
export async function seedDemoHeadlines(db: Db, sponsored: SponsoredService, sellerEmail: string, log?: FastifyBaseLogger): Promise<number> {
  const seller = await findUserByEmail(db.kysely, sellerEmail);
  if (!seller) return 0;
  const principal = { user: seller, sessionId: 0 };
  const eligible = await sponsored.eligible(principal);
  const used = new Set<number>();
  const items = [];
  for (const category of ['Buy Now', 'Trade Domains', 'Startup Breeders'] as const) {
    const domain = eligible.find((d) => d.categories.includes(category) && !used.has(d.id));
    if (!domain) continue;
    used.add(domain.id);
    items.push({ category, domain_ids: [domain.id] });
  }
  if (items.length === 0) return 0;
  const cart = await sponsored.createCart(principal, items);
  const order = await sponsored.placeOrder(principal, cart.id);
  await sponsored.recordDemoPayment(order.id, 'DEMO-SEED');
  log?.info({ headlines: items.length }, 'demo sponsored headlines paid');
  return items.length;
}
