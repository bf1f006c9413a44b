import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { BROKER_TABLE_PAGE_SIZE } from '../utils/constants';
import { adminKeys } from './query-keys';

/** One user of the broker dashboard table, every count from real data. */
export const brokerUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  display_name: z.string(),
  email: z.string(),
  /** FREELANCER or DOMAINER. */
  role: z.string(),
  /** User, Admin or SuperAdmin. */
  admin_role: z.string(),
  subscription: z.string(),
  video_pitch: z.number(),
  sponsored_headlines: z.number(),
  exclusive_startup_breeders: z.number(),
  thoroughbred_domains: z.number(),
  sold_domains: z.number(),
});
export type BrokerUser = z.infer<typeof brokerUserSchema>;

export const brokerDashboardSchema = z.object({ total: z.number(), users: z.array(brokerUserSchema) });
export type BrokerDashboard = z.infer<typeof brokerDashboardSchema>;

/** GET /api/domains/admin/broker-dashboard/?page=&limit= -> {total, users}. */
export async function getBrokerDashboard(page: number, signal?: AbortSignal): Promise<BrokerDashboard> {
  const data = await api.get<unknown>('/api/domains/admin/broker-dashboard/', {
    query: { page, limit: BROKER_TABLE_PAGE_SIZE },
    signal,
  });
  return brokerDashboardSchema.parse(data);
}

export function useBrokerDashboard(page: number) {
  return useQuery({
    queryKey: adminKeys.brokerTable(page),
    queryFn: ({ signal }) => getBrokerDashboard(page, signal),
    placeholderData: keepPreviousData,
  });
}
