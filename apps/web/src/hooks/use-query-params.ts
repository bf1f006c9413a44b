import { useSearchParams } from 'react-router';

/** New values for some of the address's query parameters; `undefined` or '' removes one. */
export type QueryParamChange = Record<string, string | undefined>;

/**
 * The address's query parameters and a way to change some of them. A change to anything but
 * `page` is a new search, so it goes back to the first page and replaces the history entry (a
 * visitor typing filters should not have to press Back through each one); a page change is a
 * step of its own.
 */
export function useQueryParams(): [URLSearchParams, (update: QueryParamChange) => void] {
  const [params, setParams] = useSearchParams();
  const change = (update: QueryParamChange) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(update)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in update)) next.delete('page');
        return next;
      },
      { replace: !('page' in update) },
    );
  return [params, change];
}
