import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import SearchIcon from '@mui/icons-material/Search';
import { useLocation, useNavigate } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { searchStore, useSearchState } from '../hooks/search-state';

/**
 * Global search bar under the navigation: 'Search here...', a Search button,
 * Enter submits too. It edits the one saved search state: on /search (the Search Leads page)
 * the results follow the typing (debounced there); elsewhere a search opens /homeSearch?search=.
 */
export function SearchBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const live = pathname === '/search';
  const { text: saved } = useSearchState();
  const [text, setText] = useState(saved);

  // Follow the saved text when it changes under us (a ?search= link, another page, logout).
  useEffect(() => setText(saved), [saved]);

  const onChange = (value: string) => {
    setText(value);
    if (live) searchStore.setText(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    searchStore.setText(query);
    if (!live) navigate(`/homeSearch?${new URLSearchParams({ search: query }).toString()}`);
  };

  return (
    <PageContainer sx={{ py: { xs: 2, md: 3 } }}>
      <Paper
        component="form"
        role="search"
        aria-label="Domain search"
        onSubmit={onSubmit}
        variant="outlined"
        sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 0.5, py: 0.5 }}
      >
        <SearchIcon color="action" aria-hidden="true" />
        {/* A plain input, not MUI's InputBase: the bar is in the first bundle, InputBase's form machinery need not be. */}
        <Box
          component="input"
          value={text}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          placeholder="Search here..."
          aria-label="Search domains"
          type="search"
          enterKeyHint="search"
          maxLength={253}
          sx={{
            ml: 1,
            flex: 1,
            minWidth: 0,
            border: 0,
            outline: 0,
            background: 'none',
            font: 'inherit',
            color: 'text.primary',
            py: '4px',
            '&::placeholder': { color: 'text.secondary', opacity: 1 },
          }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Paper>
    </PageContainer>
  );
}
