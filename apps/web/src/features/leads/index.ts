// What other features may use to start leads and negotiations.
export { createDomainLead } from './api/create-domain-lead';
export { createNegotiationEntry } from './api/create-negotiation-entry';
export { type LeadRequestKind, useLeadRequest } from './hooks/use-lead-request';
