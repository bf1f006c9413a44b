import type { Overpayment } from '@market/shared';
import type { Db } from '../../db/database.js';
import type { Principal } from '../auth/index.js';
import type { Actor, EscrowEngine } from './engine.js';
import { type OverpaymentView, overpaymentSpec, presentOverpayments } from './overpayments.js';

/** Card payments we could not apply: an admin sends each back through the card processor (or records a refund sent by hand). */
export function createOverpaymentsService(db: Db, engine: EscrowEngine) {
  engine.register(overpaymentSpec());

  async function present(id: number): Promise<Overpayment> {
    const [view] = await presentOverpayments(engine, db.kysely, [await engine.load<OverpaymentView>('overpayment', id)]);
    return view!;
  }

  const admin = (principal: Principal): Actor => ({ role: 'admin', userId: principal.user.id });

  return {
    async refund(principal: Principal, id: number) {
      await engine.step('overpayment', await engine.load('overpayment', id), 'refund', admin(principal), { note: 'Refund through the card processor' });
      return present(id);
    },
    async recordRefund(principal: Principal, id: number, reference: string) {
      await engine.step('overpayment', await engine.load('overpayment', id), 'record_refund', admin(principal), { reference, note: `Refund ${reference}` });
      return present(id);
    },
  };
}

export type OverpaymentsService = ReturnType<typeof createOverpaymentsService>;
