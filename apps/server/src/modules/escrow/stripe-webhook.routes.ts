import { stripeWebhookResultSchema } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CardPaymentOutcome } from './card-payments.js';
import type { CardPayment, StripePayments } from './stripe-payments.js';

/**
 * Stripe's calls: `POST /api/payments/stripe/webhook`, no session, trusted by its signature. The
 * signature covers the exact bytes sent, so this plugin (and only it: the parser is encapsulated)
 * keeps JSON bodies as the raw Buffer.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  stripe: StripePayments;
  cardPaymentCompleted: (payment: CardPayment) => Promise<CardPaymentOutcome>;
}> = async (app, { stripe, cardPaymentCompleted }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/webhook', { schema: { hide: true, response: { 200: stripeWebhookResultSchema } } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const payment = stripe.readWebhook(raw, typeof signature === 'string' ? signature : undefined);
    if (!payment) return { received: true as const, outcome: 'ignored' as const };
    return { received: true as const, outcome: await cardPaymentCompleted(payment) };
  });
};
