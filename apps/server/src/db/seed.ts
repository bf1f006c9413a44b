import type { FastifyBaseLogger } from 'fastify';
import { nowIso, type Db } from './database.js';
import { hashPassword } from '../modules/auth/secrets.js';
import { countUsers, insertUser } from '../modules/auth/users.repository.js';

/** The demo accounts a fresh install shows; README lists them. Only the seed writes sample data. */
export const DEMO_PASSWORD = 'demo-password';
const DEMO_USERS = [
  { email: 'seller@demo.test', first_name: 'Sam', last_name: 'Seller', user_role: 'seller' },
  { email: 'buyer@demo.test', first_name: 'Bea', last_name: 'Buyer', user_role: 'buyer' },
  { email: 'founder@demo.test', first_name: 'Finn', last_name: 'Founder', user_role: 'common' },
  { email: 'freelancer@demo.test', first_name: 'Fay', last_name: 'Freelancer', user_role: 'freelancer' },
] as const;

/** Seeds demo data into an empty database; returns false (and writes nothing) otherwise. */
export async function seedDemoData(db: Db, log?: FastifyBaseLogger): Promise<boolean> {
  if ((await countUsers(db.kysely)) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    for (const user of DEMO_USERS) {
      await insertUser(trx, {
        ...user,
        password_hash: passwordHash,
        country: 'IE',
        authentication_label: null,
        created_at: now,
        updated_at: now,
      });
    }
  });
  log?.info({ users: DEMO_USERS.map((u) => u.email), password: DEMO_PASSWORD }, 'demo data seeded');
  return true;
}
