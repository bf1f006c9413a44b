/**
 * The escrow engine: one flow-driven way to move orders, milestones, sponsored orders and held
 * payments, a double-entry ledger, payment commands sent after commit, and admin Finance over them.
 */
export { createEscrowEngine, SYSTEM, type Actor, type EscrowEngine, type EscrowItem, type EscrowKindSpec, type StepInput } from './engine.js';
export { createCommandWorker, type CommandWorker, type CommandWorkerSettings } from './command-worker.js';
export { createCardPayments, type CardPaymentOutcome } from './card-payments.js';
export { createEscrowFinance, type EscrowFinance } from './finance.js';
export { createOverpaymentsService, type OverpaymentsService } from './overpayments.service.js';
export { escrowAdminRoutes, periodOf } from './escrow.routes.js';
export { installationId } from './installation.js';
