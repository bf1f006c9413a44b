import { asCents } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { amountFieldText, parseCents, readCents } from './money';

describe('amount fields', () => {
  it.each([
    [129_570, '1295.70'],
    [50_000, '500.00'],
    [1_999, '19.99'],
    [29, '0.29'],
    [0, '0.00'],
    [100_000_000, '1000000.00'],
  ])('fills %d cents as %j, which reads back to the same cents', (cents, text) => {
    expect(amountFieldText(asCents(cents))).toBe(text);
    expect(readCents(text)).toBe(cents);
    if (cents > 0) expect(parseCents(text)).toBe(cents);
  });
});
