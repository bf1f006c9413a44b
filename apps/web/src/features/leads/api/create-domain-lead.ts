import { type DomainLeadCreated, domainLeadCreatedSchema } from '@market/shared';
import { api } from '@/lib/api-client';

export interface CreateDomainLeadRequest {
  domain_id: number;
}

/**
 * POST /api/domains/domain-leads/ {domain_id} -> {domain_lead_id}. The caller becomes the
 * lead's buyer; an open lead of the same buyer on the same domain is reused (200, not 201).
 */
export async function createDomainLead(payload: CreateDomainLeadRequest): Promise<DomainLeadCreated> {
  return domainLeadCreatedSchema.parse(await api.post<unknown>('/api/domains/domain-leads/', payload));
}
