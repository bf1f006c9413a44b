import { useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import InputBase from '@mui/material/InputBase';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';

/**
 * Global search bar under the navigation (spec section 2): 'Search here...', a Search button,
 * Enter submits too. Results live on /homeSearch?search=<text>.
 */
export function SearchBar() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('search') ?? '';
  const [text, setText] = useState(current);

  // Follow the URL when it changes under us (back button, another search).
  useEffect(() => setText(current), [current]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`/homeSearch?${new URLSearchParams({ search: text.trim() }).toString()}`);
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
        <InputBase
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search here..."
          sx={{ ml: 1, flex: 1 }}
          inputProps={{ 'aria-label': 'Search domains', type: 'search', enterKeyHint: 'search' }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Paper>
    </PageContainer>
  );
}
