import { useQuery } from '@tanstack/react-query';
import { type BrokerLead, brokerLeadSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** A negotiation that asked for the Broker Team (status 5), with who took it. */
export type { BrokerLead };

/** GET /api/domains/admin/broker-leads/: newest request first. */
export async function getBrokerLeads(signal?: AbortSignal): Promise<BrokerLead[]> {
  return z.array(brokerLeadSchema).parse(await api.get<unknown>('/api/domains/admin/broker-leads/', { signal }));
}

export function useBrokerLeads() {
  return useQuery({ queryKey: adminKeys.brokerLeads(), queryFn: ({ signal }) => getBrokerLeads(signal) });
}
