import { z } from 'zod';

/** GET /api/orders/{id}/auth-code/: the domain's authorisation code, for the buyer only. */
export const authCodeSchema = z.object({ auth_code: z.string() });

/** A CSV export: the orders of the finance filter, or the ledger's movements. */
export const csvFile = z.string().describe('A CSV file (text/csv), sent as an attachment.');

/** POST /api/payments/stripe/webhook: what became of the signed event (Stripe only reads the status). */
export const stripeWebhookResultSchema = z.object({
  received: z.literal(true),
  /** `overpaid`: the item could not take the payment (paid already, or cancelled); it is held for a refund. */
  outcome: z.enum(['applied', 'duplicate', 'unknown-order', 'overpaid', 'ignored']),
});
