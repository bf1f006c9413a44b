import { randomBytes } from 'node:crypto';

export interface ChargeRequest {
  amount: number;
  currency: 'USD';
  reference: string;
  description: string;
  userId: number;
}

export type ChargeResult = { ok: true; reference: string } | { ok: false; reason: string };

/**
 * Where a payment provider plugs in. A real one (a card processor) implements charge() with
 * its API and an idempotency key of `reference`; the order flow does not change.
 */
export interface PaymentProvider {
  readonly mode: 'test' | 'live';
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** The embedded default: every charge succeeds without moving money, and says so. */
export function createTestModePayments(): PaymentProvider {
  return {
    mode: 'test',
    async charge() {
      return { ok: true, reference: `test_${randomBytes(9).toString('base64url')}` };
    },
  };
}
