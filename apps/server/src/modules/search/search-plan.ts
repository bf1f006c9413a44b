import { bareExtension, CHARACTER_FILTER_RANGE, PRICE_FILTER_RANGE, type SearchFilters } from '@market/shared';

export interface SearchCriteria {
  text: string;
  extensions: string[];
  filters: SearchFilters;
  limit: number;
  offset: number;
}

/**
 * A search reduced to the tests a listed domain must pass. The SQL search and the in-memory
 * index both read this one interpretation of the filters, so they cannot drift apart.
 */
export interface SearchPlan {
  /** Label text typed, only characters a label can hold ('' when none). */
  label: string;
  /** Extensions allowed (from the query's ".ext", the extension list and the filter); empty = any. */
  extensions: string[];
  /** Listing types: a domain passes when it is any one of those asked for. */
  listing?: { buyNow: boolean; priceUponRequest: boolean; broker: boolean; breeder: boolean };
  /** Trade options asked for (trade must be switched on); undefined = any. */
  tradeOptions?: string[];
  priceMin?: number;
  priceMax?: number;
  lengthMin?: number;
  lengthMax?: number;
  noDigit: boolean;
  noHyphen: boolean;
  noIdn: boolean;
  startingWith: string;
  endingWith: string;
}

/** Only characters a domain label can hold: also makes FTS and LIKE syntax impossible. */
export function labelFragment(value: string | undefined): string {
  return (value ?? '').toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/**
 * "shop.co.uk" searches label "shop" within extension "co.uk"; "widget" searches every label
 * containing "widget"; a known extension alone ("com" or ".com", bareExtension in
 * packages/shared) searches that extension. A scheme or path pasted with the name is ignored.
 */
export function splitQuery(raw: string): { label: string; extension?: string } {
  const bare = bareExtension(raw);
  if (bare) return { label: '', extension: bare };
  const cleaned = raw.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '');
  const dot = cleaned.indexOf('.');
  if (dot < 0) return { label: labelFragment(cleaned) };
  const extension = cleaned.slice(dot + 1).replace(/[^a-z0-9.-]/g, '');
  return { label: labelFragment(cleaned.slice(0, dot)), extension: extension || undefined };
}

export function planSearch(c: SearchCriteria): SearchPlan {
  const f = c.filters;
  const text = splitQuery(c.text);
  const extensions = [...c.extensions, ...(f.extensions ?? []), ...(text.extension ? [text.extension] : [])]
    .map((e) => e.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
  const listing = f.business_status?.length
    ? {
        buyNow: f.business_status.includes('Buy Now'),
        priceUponRequest: f.business_status.includes('Price Upon Request'),
        broker: f.business_status.includes('Throughbeeds'),
        breeder: f.business_status.includes('Startup Breeders'),
      }
    : undefined;
  // A slider at its end means "no bound" on that side.
  const [priceLow, priceHigh] = f.priceRange ?? PRICE_FILTER_RANGE;
  const [lengthLow, lengthHigh] = f.characterRange ?? CHARACTER_FILTER_RANGE;
  const exclude = f.Exclude ?? [];
  return {
    label: text.label,
    extensions: [...new Set(extensions)],
    listing,
    tradeOptions: f.trade_options?.length ? [...f.trade_options] : undefined,
    priceMin: priceLow > PRICE_FILTER_RANGE[0] ? priceLow : undefined,
    priceMax: priceHigh < PRICE_FILTER_RANGE[1] ? priceHigh : undefined,
    lengthMin: lengthLow > CHARACTER_FILTER_RANGE[0] ? lengthLow : undefined,
    lengthMax: lengthHigh < CHARACTER_FILTER_RANGE[1] ? lengthHigh : undefined,
    noDigit: exclude.includes('Number'),
    noHyphen: exclude.includes('No Hyphens'),
    noIdn: exclude.includes('IDN'),
    startingWith: labelFragment(f.starting_with),
    endingWith: labelFragment(f.ending_with),
  };
}

/** Text of 3+ characters is a substring search; shorter text (or "starting with" alone) a prefix one. */
export function searchKind(plan: SearchPlan): 'substring' | 'prefix' | 'filters' {
  if (plan.label.length >= 3) return 'substring';
  if (plan.label || plan.startingWith) return 'prefix';
  return 'filters';
}

/** The prefix a prefix search walks: the short text typed, else "starting with". */
export function prefixOf(plan: SearchPlan): string {
  return plan.label || plan.startingWith;
}
