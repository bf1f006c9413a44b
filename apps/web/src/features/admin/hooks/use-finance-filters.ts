import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type FinanceFilters, financeFiltersFrom } from '../utils/finance';

const keys = ['status', 'from', 'to'] as const;

/** The finance filters live in the address, so a reload or a shared link shows the same orders. */
export function useFinanceFilters(): [FinanceFilters, (next: FinanceFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => financeFiltersFrom(params), [params]);
  const setFilters = useCallback(
    (next: FinanceFilters) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const key of keys) {
            const value = next[key];
            if (value) updated.set(key, value);
            else updated.delete(key);
          }
          return updated;
        },
        // Narrowing a report is not a page of its own: Back leaves the section.
        { replace: true },
      ),
    [setParams],
  );
  return [filters, setFilters];
}
