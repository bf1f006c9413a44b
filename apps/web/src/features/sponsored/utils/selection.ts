import { type SponsoredCategory, sponsoredCategoryNames, tradeOptions } from '@market/shared';
import type { CreateCartRequest } from '../api/create-cart';
import type { EligibleDomain } from '../api/get-eligible-domains';
import { unitPrice } from './categories';

/** The ticked domain ids of each category panel. */
export type Selection = Record<SponsoredCategory, ReadonlySet<number>>;

export function emptySelection(): Selection {
  return { 'Buy Now': new Set(), 'Trade Domains': new Set(), 'Startup Breeders': new Set() };
}

/** The headline already running for this domain in this category, if any (it cannot be bought again). */
export function runningIn(domain: EligibleDomain, category: SponsoredCategory): { ends_at: string } | undefined {
  return domain.running.find((r) => r.category === category);
}

function tierIndex(option: string | null): number {
  const index = tradeOptions.indexOf(option as (typeof tradeOptions)[number]);
  return index === -1 ? tradeOptions.length : index;
}

/** "3 Figure Trade Domains" for the tier a trade domain sits in. */
export function tradeTierLabel(option: string | null): string {
  const index = tierIndex(option);
  return index < tradeOptions.length ? `${tradeOptions[index]?.split(' ')[0]} Figure Trade Domains` : 'Other Trade Domains';
}

/**
 * The domains of one panel in display order: the server's (by name), and for trade grouped by
 * tier, 3 then 4 then 5 Figures.
 */
export function panelDomains(eligible: readonly EligibleDomain[], category: SponsoredCategory): EligibleDomain[] {
  const mine = eligible.filter((d) => d.categories.includes(category));
  if (category !== 'Trade Domains') return mine;
  return mine
    .map((domain, index) => ({ domain, index }))
    .sort((a, b) => tierIndex(a.domain.trade_option) - tierIndex(b.domain.trade_option) || a.index - b.index)
    .map(({ domain }) => domain);
}

export function setSelected(selection: Selection, category: SponsoredCategory, ids: readonly number[], checked: boolean): Selection {
  const next = new Set(selection[category]);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return { ...selection, [category]: next };
}

/** What can actually be ordered: ticked, still eligible, not already running. */
export function orderableIds(selection: Selection, eligible: readonly EligibleDomain[], category: SponsoredCategory): number[] {
  return panelDomains(eligible, category)
    .filter((d) => selection[category].has(d.id) && !runningIn(d, category))
    .map((d) => d.id);
}

/** The POST /cart/ body: a line per category with something ticked, ids in display order. */
export function cartRequest(selection: Selection, eligible: readonly EligibleDomain[]): CreateCartRequest {
  return {
    items: sponsoredCategoryNames
      .map((category) => ({ domain_ids: orderableIds(selection, eligible, category), category }))
      .filter((item) => item.domain_ids.length > 0),
  };
}

export interface SelectionLine {
  category: SponsoredCategory;
  quantity: number;
  unit_price: number;
  sub_total: number;
}

/** A preview of the cart (the server prices the real one, with the same constants). */
export function selectionSummary(selection: Selection, eligible: readonly EligibleDomain[]): { lines: SelectionLine[]; total: number } {
  const lines = sponsoredCategoryNames.map((category) => {
    const quantity = orderableIds(selection, eligible, category).length;
    const unit_price = unitPrice(category);
    return { category, quantity, unit_price, sub_total: quantity * unit_price };
  });
  return { lines, total: lines.reduce((sum, line) => sum + line.sub_total, 0) };
}
