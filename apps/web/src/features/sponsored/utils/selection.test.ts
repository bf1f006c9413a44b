import { describe, expect, it } from 'vitest';
import { eligibleDomain } from '../testing/fixtures';
import { cartRequest, emptySelection, panelDomains, selectionSummary, setSelected, tradeTierLabel } from './selection';

const trade = (id: number, name: string, option: string) =>
  eligibleDomain({ id, domain_name: name, business_status: '', seller_price: 0, trade_option: option, categories: ['Trade Domains'] });

describe('sponsored selection', () => {
  const eligible = [
    eligibleDomain({ id: 1, domain_name: 'a-bin.com', categories: ['Buy Now', 'Startup Breeders'] }),
    trade(2, 'b-five.com', '5 Figures'),
    trade(3, 'c-three.com', '3 Figures'),
    trade(4, 'd-four.com', '4 Figures'),
    eligibleDomain({ id: 5, domain_name: 'e-bin.com', running: [{ category: 'Buy Now', ends_at: '2026-04-01T12:00:00.000Z' }] }),
  ];

  it('orders trade domains by tier, 3 then 4 then 5 Figures', () => {
    expect(panelDomains(eligible, 'Trade Domains').map((d) => d.id)).toEqual([3, 4, 2]);
    expect(panelDomains(eligible, 'Buy Now').map((d) => d.id)).toEqual([1, 5]);
    expect(tradeTierLabel('4 Figures')).toBe('4 Figure Trade Domains');
    expect(tradeTierLabel(null)).toBe('Other Trade Domains');
  });

  it('builds the cart body from ticked, orderable domains only, one line per category', () => {
    let selection = emptySelection();
    selection = setSelected(selection, 'Trade Domains', [2, 3], true);
    selection = setSelected(selection, 'Buy Now', [1, 5, 99], true); // 5 is running, 99 is gone
    selection = setSelected(selection, 'Startup Breeders', [1], true);
    selection = setSelected(selection, 'Startup Breeders', [1], false);
    expect(cartRequest(selection, eligible)).toEqual({
      items: [
        { category: 'Buy Now', domain_ids: [1] },
        { category: 'Trade Domains', domain_ids: [3, 2] },
      ],
    });
    const summary = selectionSummary(selection, eligible);
    expect(summary.total).toBe(5 + 2 * 3);
    expect(summary.lines.find((l) => l.category === 'Trade Domains')).toEqual({ category: 'Trade Domains', quantity: 2, unit_price: 3, sub_total: 6 });
  });

  it('sends nothing when nothing is ticked', () => {
    expect(cartRequest(emptySelection(), eligible)).toEqual({ items: [] });
  });
});
