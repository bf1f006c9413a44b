import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TuneIcon from '@mui/icons-material/Tune';
import { SEARCH_DEBOUNCE_MS } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PageHeading } from '@/features/portfolio/components/page-heading';
import { useSearchDomains } from '../api/search-domains';
import { SearchFiltersPanel } from '../components/search-filters';
import { SearchResultsTable } from '../components/search-results-table';
import { searchStore, useSearchState } from '../hooks/search-state';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useSearchParamSync } from '../hooks/use-search-param';
import { activeFilterCount, searchRequestQuery } from '../utils/search-request';

/**
 * Search Leads (/search, spec section 2 and DESIGN 5b): the left filter panel and a results table
 * paged by the server (limit/offset), 200 ms after the last change of text or filters.
 */
export default function SearchLeadsRoute() {
  useDocumentTitle('Search Leads');
  const state = useSearchParamSync(useSearchState());
  const criteria = useDebouncedValue(state, SEARCH_DEBOUNCE_MS);
  const criteriaKey = JSON.stringify(searchRequestQuery(criteria, 1, 0));
  const [rowsPerPage, setRowsPerPage] = useState(10);
  // The page belongs to one set of criteria: new criteria start again at the first page.
  const [paging, setPaging] = useState({ key: criteriaKey, page: 0 });
  const page = paging.key === criteriaKey ? paging.page : 0;
  const { data, isFetching, isError } = useSearchDomains(searchRequestQuery(criteria, rowsPerPage, page * rowsPerPage));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(state);

  return (
    <PageContainer sx={{ pt: { xs: 0, md: 1 } }}>
      <PageHeading
        title="Search Leads"
        subtitle={state.text.trim() ? `Domains matching “${state.text.trim()}”` : 'Every approved domain on the market.'}
        actions={
          <Button
            variant="outlined"
            startIcon={
              <Badge badgeContent={active} color="primary">
                <TuneIcon />
              </Badge>
            }
            onClick={() => setFiltersOpen((open) => !open)}
            aria-label={active ? `Filters (${active} active)` : 'Filters'}
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            sx={{ display: { md: 'none' }, flexShrink: 0 }}
          >
            Filters
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Paper
          id={panelId}
          component="aside"
          aria-label="Search filters"
          variant="outlined"
          sx={{ p: 2, display: { xs: filtersOpen ? 'block' : 'none', md: 'block' } }}
        >
          <SearchFiltersPanel state={state} onChange={(patch) => searchStore.update(patch)} />
        </Paper>
        <Box sx={{ minWidth: 0 }}>
          {isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              The search failed. Please try again.
            </Alert>
          ) : null}
          <SearchResultsTable
            domains={data?.domains ?? []}
            total={data?.total ?? 0}
            capped={data?.capped ?? false}
            page={page}
            rowsPerPage={rowsPerPage}
            loading={isFetching}
            onPageChange={(next) => setPaging({ key: criteriaKey, page: next })}
            onRowsPerPageChange={(rows) => {
              setRowsPerPage(rows);
              setPaging({ key: criteriaKey, page: 0 });
            }}
          />
        </Box>
      </Box>
    </PageContainer>
  );
}
