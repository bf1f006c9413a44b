import { z } from 'zod';
import { leadRequestCategories } from '../domains.js';
import { negotiationMessages } from '../negotiation.js';
import { recordId } from '../validation.js';

/** POST /api/domains/notifications/: a trade or breeder request on a lead. */
export const leadRequestBody = z.object({
  domain_lead_id: recordId,
  category: z.enum(leadRequestCategories, { error: negotiationMessages.categoryInvalid }),
});
export type LeadRequestBody = z.input<typeof leadRequestBody>;
