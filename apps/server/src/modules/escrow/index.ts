/**
 * The escrow engine: one flow-driven way to move orders, milestones, sponsored orders and held
 * payments, a double-entry ledger, the payment providers, payment commands sent after commit, and
 * admin Finance over them. Other modules use only this.
 */
export { createEscrowEngine, SYSTEM, type Actor, type EscrowEngine, type EscrowItem, type EscrowKindSpec, type StepInput } from './engine.js';
export { createCommandWorker, type CommandWorker, type CommandWorkerSettings } from './command-worker.js';
export { createCardPayments } from './card-payments.js';
export { createEscrowFinance, type EscrowFinance } from './finance.js';
export { createOverpaymentsService } from './overpayments.service.js';
export { escrowAdminRoutes, periodOf } from './escrow.routes.js';
export { installationId } from './installation.js';
export { createManualPayments, type DealPaymentProvider } from './payment-provider.js';
export { newPaymentReference } from './payment-reference.js';
export { createStripePayments } from './stripe-payments.js';
export { stripeWebhookRoutes } from './stripe-webhook.routes.js';
