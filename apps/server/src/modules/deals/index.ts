/**
 * Sales from payment to payout. Other modules use only this: the payment providers, the ledger
 * and the claim on a card processor's event that every payment into escrow goes through.
 */
export { createAuthCodeBox } from './auth-code-box.js';
export { type CardPaymentOutcome, completeCardPayment } from './card-payment.js';
export { claimPaymentEvent, insertLedger } from './deals.repository.js';
export { dealsAdminRoutes, dealsRoutes, stripeWebhookRoutes } from './deals.routes.js';
export { createDealsService, type DealsService, newPaymentReference } from './deals.service.js';
export { createManualPayments, type DealPaymentProvider } from './payment-provider.js';
export { type CardPayment, createStripePayments } from './stripe-payments.js';
