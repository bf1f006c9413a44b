import { describe, expect, it } from 'vitest';
import { asCents, formatCents, formatDollars, formatDollarsWithCents, parseCents, parseDollars, readCents } from './money.js';

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

describe('parseCents', () => {
  it.each([
    ['1,250.50', 125_050],
    ['1250.5', 125_050],
    ['500', 50_000],
    [' 12 ', 1_200],
    ['$12', 1_200],
    ['$ 1,000,000.00', 100_000_000],
    ['0.01', 1],
  ] as const)('reads %j as %d cents', (text, cents) => expect(parseCents(text)).toBe(cents));

  it.each(['1,2,3', '0', '0.00', '-5', '.5', '5.', '1e3', '12.345', '12,34', 'abc', '', '  ', '$', '12 000', '90071992547409.92'])(
    'refuses %j',
    (text) => expect(parseCents(text)).toBeNull(),
  );

  it('reads the same digits as parseDollars, plus cents', () => {
    for (const text of ['18000', '18,000', '$18,000', '  $ 1,234,567 ']) expect(parseCents(text)).toBe((parseDollars(text) as number) * 100);
    expect(parseDollars('1,250.50')).toBe('invalid');
  });
});

describe('readCents', () => {
  it.each([
    ['19.99', 1_999],
    ['0.29', 29],
    ['1,005.10', 100_510],
    ['0', 0],
    ['0.00', 0],
    ['$ 85.5', 8_550],
  ] as const)('reads %j as %d cents, exactly', (text, cents) => expect(readCents(text)).toBe(cents));

  it.each(['1,2,3', '-5', '.5', '5.', '1e3', '12.345', 'abc', '90071992547409.92'])('refuses %j', (text) => expect(readCents(text)).toBe('invalid'));

  it.each(['', '  ', '$'])('knows an empty field (%j)', (text) => expect(readCents(text)).toBe('empty'));
});

describe('money as text', () => {
  it('writes whole dollars, cents, and prices with cents', () => {
    expect(formatDollars(23100)).toBe('$23,100');
    expect(formatCents(asCents(129_570))).toBe('$1,295.70');
    expect(formatCents(asCents(-90_000))).toBe('-$900.00');
    expect(formatDollarsWithCents(5)).toBe('$5.00');
    expect(formatDollarsWithCents(1234)).toBe('$1,234.00');
  });
});
