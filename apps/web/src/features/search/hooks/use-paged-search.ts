import { useState } from 'react';
import { useSearchDomains } from '../api/search-domains';
import { searchRequestQuery } from '../utils/search-request';
import type { SearchState } from './search-state';

/**
 * One server-paged search (limit/offset) for a results table: the page belongs to one set of
 * criteria, so new criteria start again at the first page.
 */
export function usePagedSearch(criteria: SearchState) {
  const criteriaKey = JSON.stringify(searchRequestQuery(criteria, 1, 0));
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const [paging, setPaging] = useState({ key: criteriaKey, page: 0 });
  const page = paging.key === criteriaKey ? paging.page : 0;
  const { data, isFetching, isError } = useSearchDomains(searchRequestQuery(criteria, rowsPerPage, page * rowsPerPage));
  return {
    isError,
    table: {
      domains: data?.domains ?? [],
      total: data?.total ?? 0,
      capped: data?.capped ?? false,
      page,
      rowsPerPage,
      loading: isFetching,
      onPageChange: (next: number) => setPaging({ key: criteriaKey, page: next }),
      onRowsPerPageChange: (rows: number) => {
        setRowsPerPage(rows);
        setPaging({ key: criteriaKey, page: 0 });
      },
    },
  };
}
