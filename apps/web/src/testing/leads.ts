import type { LeadRequestCategory, LeadRequestResult, NegotiationStepResult } from '@market/shared';

/** A negotiation step as POST /api/domains/negotiation/ answers it (an initial request unless told). */
export function aNegotiationStep(overrides: Partial<NegotiationStepResult> = {}): NegotiationStepResult {
  return {
    id: 1,
    domain_lead_id: 7,
    domain_id: 11,
    domain_name: 'alpha.com',
    amount: 0,
    status: 1,
    status_label: 'Initial request',
    author: 'buyer',
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: null,
    expired: false,
    lease: null,
    message: 'Your request has been sent.',
    ...overrides,
  };
}

/** What POST /api/domains/notifications/ answers: the request as recorded. */
export function aLeadRequest(domainLeadId: number, category: LeadRequestCategory): LeadRequestResult {
  return { domain_lead_id: domainLeadId, category };
}
