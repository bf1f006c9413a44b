import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TuneIcon from '@mui/icons-material/Tune';
import type { SearchRow } from '@market/shared';
import { searchStore, type SearchState } from '../hooks/search-state';
import { usePagedSearch } from '../hooks/use-paged-search';
import { SearchFiltersPanel } from './search-filters';
import { SearchResultsTable } from './search-results-table';

interface FiltersToggleProps {
  /** How many filters apply (the badge). */
  active: number;
  open: boolean;
  onToggle: () => void;
  /** id of the panel it shows and hides. */
  panelId: string;
}

/** Phones only: the filter panel folds away above the results and this button opens it. */
export function FiltersToggle({ active, open, onToggle, panelId }: FiltersToggleProps) {
  return (
    <Button
      variant="outlined"
      startIcon={
        <Badge badgeContent={active} color="primary">
          <TuneIcon />
        </Badge>
      }
      onClick={onToggle}
      aria-label={active ? `Filters (${active} active)` : 'Filters'}
      aria-expanded={open}
      aria-controls={panelId}
      sx={{ display: { md: 'none' }, flexShrink: 0 }}
    >
      Filters
    </Button>
  );
}

interface FilteredSearchProps {
  /** The saved search as typed (the panel shows it). */
  state: SearchState;
  /** The same, debounced: what is searched. */
  criteria: SearchState;
  filtersOpen: boolean;
  panelId: string;
  /** Buttons of a row, when the page offers any. */
  renderActions?: (domain: SearchRow) => ReactNode;
}

/**
 * The filter panel beside a server-paged results table (Search Leads and the public list of
 * /homeSearch): the panel edits the one saved search, the table pages its matches.
 */
export function FilteredSearch({ state, criteria, filtersOpen, panelId, renderActions }: FilteredSearchProps) {
  const { isError, table } = usePagedSearch(criteria);
  return (
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
        <SearchResultsTable {...table} renderActions={renderActions} />
      </Box>
    </Box>
  );
}
