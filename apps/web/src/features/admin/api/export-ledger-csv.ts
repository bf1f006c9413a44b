import { useMutation } from '@tanstack/react-query';
import type { FinanceFilters } from '../utils/finance';
import { downloadFinanceCsv } from './export-orders-csv';

/**
 * GET /api/admin/finance/movements.csv?from=&to=: every ledger movement of the days (orders,
 * milestones, sponsored orders, held payments), one line per posting. The status filter is the
 * orders' own and is not sent.
 */
export function exportLedgerCsv({ from, to }: FinanceFilters): Promise<void> {
  return downloadFinanceCsv('/api/admin/finance/movements.csv', 'ledger', { from, to });
}

export function useExportLedgerCsv() {
  return useMutation({ mutationFn: exportLedgerCsv });
}
