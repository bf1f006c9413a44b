import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BrokerDashboard, brokerDashboardSchema, type BrokerUser } from '@market/shared';
import { api } from '@/lib/api-client';
import { BROKER_TABLE_PAGE_SIZE } from '../utils/constants';
import { adminKeys } from './query-keys';

export type { BrokerDashboard, BrokerUser };

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
