import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars, formatDollarsWithCents, parseDollars } from './money.js';

describe('parseDollars', () => {
  it.each([
    ['18000', 18000],
    ['18,000', 18000],
    ['$18,000', 18000],
    ['  $ 1,234,567 ', 1234567],
    [0, 0],
    [2500, 2500],
  ] as const)('reads %j as %d', (raw, value) => expect(parseDollars(raw)).toBe(value));

  it.each(['18000.50', '1,80,00', '-5', '1e5', 'abc', '12 000', 18000.5, -1, Number.NaN, 2 ** 60])('refuses %j', (raw) =>
    expect(parseDollars(raw)).toBe('invalid'),
  );

  it.each(['  ', '', null, undefined])('knows an empty field (%j)', (raw) => expect(parseDollars(raw)).toBe('empty'));
});

describe('money as text', () => {
  it('writes whole dollars, cents, and prices with cents', () => {
    expect(formatDollars(23100)).toBe('$23,100');
    expect(formatCents(129_570)).toBe('$1,295.70');
    expect(formatCents(-90_000)).toBe('-$900.00');
    expect(formatDollarsWithCents(5)).toBe('$5.00');
    expect(formatDollarsWithCents(1234)).toBe('$1,234.00');
  });
});
