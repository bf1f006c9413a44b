/**
 * Search over the listed domains: one query language (search-plan.ts) answered either by the
 * database's indexes or by each instance's in-memory index (listed-*.ts), which the change log
 * (change-log.ts, change-gaps.ts) keeps current across instances. Other modules use only this.
 */
export { searchDomains, type SearchCriteria } from './domain-search.js';
export { createListedSearch, type ListedSearch } from './listed-search.js';
export { presentSearchRow } from './search.presenter.js';
export { createSearchChangeListener, type SearchChangeListener } from './search-change-listener.js';
