// The sponsored headlines table, for the home page.
export { SponsoredHeadlinesTable } from './components/sponsored-headlines-table';
