import { z } from 'zod';

/** GET /api/orders/{id}/auth-code/: the domain's authorisation code, for the buyer only. */
export const authCodeSchema = z.object({ auth_code: z.string() });

/** GET /api/admin/finance/orders.csv: the orders of the finance filter, one line each. */
export const csvFile = z.string().describe('A CSV file (text/csv), sent as an attachment.');

/** POST /api/payments/stripe/webhook: what became of the signed event (Stripe only reads the status). */
export const stripeWebhookResultSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'unknown-order', 'not-payable', 'ignored']),
});
