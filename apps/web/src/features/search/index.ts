// The search bar, for the search pages' layout.
export { SearchBar } from './components/search-bar';
