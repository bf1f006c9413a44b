/** Sales from payment to payout, through the escrow engine. Other modules use only this. */
export { type AuthCodeBox, createAuthCodeBox } from './auth-code-box.js';
export { dealsAdminRoutes, dealsRoutes } from './deals.routes.js';
export { createDealsService, type DealsService } from './deals.service.js';
export { expectTransferProof, startTransferChange } from './transfer.js';
export { PARTY_NAME_COLUMNS, type PartyNames } from './deals.repository.js';
