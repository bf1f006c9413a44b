import { describe, expect, it } from 'vitest';
import { addMonths, instalmentAmounts, leaseMonthlyLine, leasePlan } from './leases.js';
import { asCents } from './money.js';

describe('lease plan', () => {
  it('spreads the price over the months without interest, the last instalment taking the rounding', () => {
    const plan = leasePlan(asCents(1_000_000), { months: 12, down_payment_cents: asCents(0), rate_bp: 0 });
    expect(plan.interest_cents).toBe(0);
    expect(plan.monthly_cents).toBe(83_333);
    expect(plan.instalments).toHaveLength(12);
    expect(plan.instalments.at(-1)!.amount_cents).toBe(1_000_000 - 83_333 * 11);
    expect(plan.instalments.reduce((s, i) => s + i.amount_cents, 0)).toBe(1_000_000);
  });

  it('adds the down payment to the first instalment and simple interest on what is financed', () => {
    const plan = leasePlan(asCents(1_200_000), { months: 12, down_payment_cents: asCents(200_000), rate_bp: 1200 });
    // 12% a year on $10,000 for a year.
    expect(plan.interest_cents).toBe(120_000);
    expect(plan.total_cents).toBe(1_320_000);
    expect(plan.instalments[0]!.amount_cents).toBe(200_000 + plan.monthly_cents);
    expect(plan.instalments.reduce((s, i) => s + i.amount_cents, 0)).toBe(1_320_000);
  });

  it('splits each instalment’s commission as a sale does', () => {
    const a = instalmentAmounts(83_333);
    expect(a.commission_cents).toBe(8_333);
    expect(a.buyer_total_cents - a.seller_net_cents).toBe(a.commission_cents);
    expect(a.buyer_total_cents).toBe(83_333 + 4_167);
  });

  it('says the monthly amount, and nothing without terms', () => {
    expect(leaseMonthlyLine(83_333)).toBe('or $833.33 a month');
    expect(leaseMonthlyLine(null)).toBe('');
  });

  it('moves a date by months, keeping to the month’s last day', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths('2026-11-27T10:00:00.000Z', 2)).toBe('2027-01-27T10:00:00.000Z');
  });
});
