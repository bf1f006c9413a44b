import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Finance, financeSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import type { FinanceFilters } from '../utils/finance';
import { adminKeys } from './query-keys';

/**
 * GET /api/admin/finance/?status=&from=&to= -> what is held and due now, the money moved in the
 * period (by ledger date), and its orders (by creation date), newest first, up to 1,000.
 */
export async function getFinance(filters: FinanceFilters, signal?: AbortSignal): Promise<Finance> {
  return financeSchema.parse(await api.get<unknown>('/api/admin/finance/', { query: { ...filters }, signal }));
}

/** The previous figures stay on screen while a new filter loads. */
export function useFinance(filters: FinanceFilters) {
  return useQuery({
    queryKey: adminKeys.finance(filters),
    queryFn: ({ signal }) => getFinance(filters, signal),
    placeholderData: keepPreviousData,
  });
}
