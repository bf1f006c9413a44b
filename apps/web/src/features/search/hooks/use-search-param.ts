import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { searchStore, type SearchState } from './search-state';

/**
 * A `?search=` in the address (the global bar's link, a shared URL) becomes the saved text.
 * Returns the state to search with: until the store has caught up, the URL's text already
 * applies, so the first request is not a wasted one for the old text.
 */
export function useSearchParamSync(state: SearchState): SearchState {
  const [params] = useSearchParams();
  const fromUrl = params.get('search')?.slice(0, 253) ?? null;
  const [applied, setApplied] = useState<string | null>(null);
  useEffect(() => {
    if (fromUrl === null) return;
    searchStore.setText(fromUrl);
    setApplied(fromUrl);
  }, [fromUrl]);
  return fromUrl !== null && applied !== fromUrl ? { ...state, text: fromUrl } : state;
}
