import { Outlet } from 'react-router';
import { SearchBar } from '@/features/search';

/** Search pages: the global search bar sits under the navigation. */
export function SearchLayout() {
  return (
    <>
      <SearchBar />
      <Outlet />
    </>
  );
}
