import { useQuery } from '@tanstack/react-query';
import { type ReconcileReport, reconcileReportSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/**
 * GET /api/admin/finance/reconcile/: every item whose ledger balances disagree with what its state
 * holds, and every movement that does not balance. Empty lists: the books reconcile.
 */
export async function getReconcileReport(signal?: AbortSignal): Promise<ReconcileReport> {
  return reconcileReportSchema.parse(await api.get<unknown>('/api/admin/finance/reconcile/', { signal }));
}

/** Checked each time the section opens, never from a cache: a stale "the books reconcile" would mislead. */
export function useReconcileReport() {
  return useQuery({ queryKey: adminKeys.reconcile(), queryFn: ({ signal }) => getReconcileReport(signal), staleTime: 0, gcTime: 0 });
}
