import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';
import type { FinanceFilters } from '../utils/finance';

/** "orders.csv", or "orders-paid-from-2026-03-01-to-2026-03-31.csv" for a filtered export. */
export function exportFileName(base: string, { status, from, to }: FinanceFilters): string {
  const parts = [base, status, from && `from-${from}`, to && `to-${to}`].filter(Boolean);
  return `${parts.join('-')}.csv`;
}

/**
 * A CSV export of admin Finance, fetched with the admin's token (a plain link would go without
 * it) and handed to the browser's save flow.
 */
export async function downloadFinanceCsv(path: string, base: string, filters: FinanceFilters): Promise<void> {
  saveFile(await api.blob(path, { query: { ...filters } }), exportFileName(base, filters));
}

/** GET /api/admin/finance/orders.csv with the page's filters, saved as a file (every matching order, not only the 1,000 shown). */
export function exportOrdersCsv(filters: FinanceFilters): Promise<void> {
  return downloadFinanceCsv('/api/admin/finance/orders.csv', 'orders', filters);
}

export function useExportOrdersCsv() {
  return useMutation({ mutationFn: exportOrdersCsv });
}
