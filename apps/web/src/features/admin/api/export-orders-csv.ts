import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';
import type { FinanceFilters } from '../utils/finance';

/** "orders.csv", or "orders-paid-2026-03-01-to-2026-03-31.csv" for a filtered export. */
export function exportFileName({ status, from, to }: FinanceFilters): string {
  const parts = ['orders', status, from && `from-${from}`, to && `to-${to}`].filter(Boolean);
  return `${parts.join('-')}.csv`;
}

/** GET /api/admin/finance/orders.csv with the page's filters, saved as a file (every matching order, not only the 1,000 shown). */
export async function exportOrdersCsv(filters: FinanceFilters): Promise<void> {
  saveFile(await api.blob('/api/admin/finance/orders.csv', { query: { ...filters } }), exportFileName(filters));
}

export function useExportOrdersCsv() {
  return useMutation({ mutationFn: exportOrdersCsv });
}
