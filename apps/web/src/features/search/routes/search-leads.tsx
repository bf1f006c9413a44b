import { useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PageHeading } from '@/components/ui/page-heading';
import { FilteredSearch, FiltersToggle } from '../components/filtered-search';
import { useSearchState } from '../hooks/search-state';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSearchParamSync } from '../hooks/use-search-param';
import { activeFilterCount } from '../utils/search-request';

/**
 * Search Leads (/search): the left filter panel and a results table
 * paged by the server (limit/offset), 200 ms after the last change of text or filters.
 */
export default function SearchLeadsRoute() {
  useDocumentTitle('Search Leads');
  const state = useSearchParamSync(useSearchState());
  const criteria = useDebouncedValue(state, SEARCH_DEBOUNCE_MS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();

  return (
    <PageContainer sx={{ pt: { xs: 0, md: 1 } }}>
      <PageHeading
        title="Search Leads"
        subtitle={state.text.trim() ? `Domains matching “${state.text.trim()}”` : 'Every approved domain on the market.'}
        actions={
          <FiltersToggle
            active={activeFilterCount(state)}
            open={filtersOpen}
            onToggle={() => setFiltersOpen((open) => !open)}
            panelId={panelId}
          />
        }
      />
      <FilteredSearch state={state} criteria={criteria} filtersOpen={filtersOpen} panelId={panelId} />
    </PageContainer>
  );
}
