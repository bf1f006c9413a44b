import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** A negotiation that asked for the Broker Team (status 5), with who took it. */
export const brokerLeadSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  seller_price: z.number().nullable().default(null),
  // The lead's state ('open', ...), not a negotiation status code.
  status: z.union([z.string(), z.number()]).nullable().default(null),
  broker_requested_at: z.string().nullable().default(null),
  broker_taken_at: z.string().nullable().default(null),
  broker_id: z.number().nullable().default(null),
  buyer_name: z.string().nullable().default(null),
  seller_name: z.string().nullable().default(null),
  broker_name: z.string().nullable().default(null),
});
export type BrokerLead = z.infer<typeof brokerLeadSchema>;

/** GET /api/domains/admin/broker-leads/: newest request first. */
export async function getBrokerLeads(signal?: AbortSignal): Promise<BrokerLead[]> {
  return z.array(brokerLeadSchema).parse(await api.get<unknown>('/api/domains/admin/broker-leads/', { signal }));
}

export function useBrokerLeads() {
  return useQuery({ queryKey: adminKeys.brokerLeads(), queryFn: ({ signal }) => getBrokerLeads(signal) });
}
