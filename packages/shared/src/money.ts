import { z } from 'zod';

/**
 * How money is written everywhere (web, server-rendered pages, e-mails). Listing prices, offers
 * and sponsored prices are whole dollars; what a deal moves is integer cents. The two units are
 * distinct types, so a figure in one cannot be passed where the other is meant; dollarsToCents is
 * the one conversion between them.
 */

/** Integer cents: every amount that moves (orders, milestones, sponsored orders, the ledger). */
export const centsSchema = z.number().int().brand<'Cents'>();
export type Cents = z.infer<typeof centsSchema>;

/** Whole dollars: listing prices, offers and sponsored headline prices as sellers set them. */
export const dollarsSchema = z.number().int().brand<'Dollars'>();
export type Dollars = z.infer<typeof dollarsSchema>;

/** Marks a whole number read from storage or arithmetic as cents; throws on anything else. */
export function asCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

/** Marks a whole number as dollars; throws on anything else. */
export function asDollars(value: number): Dollars {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of dollars: ${value}`);
  return value as Dollars;
}

/** The one conversion: whole dollars to cents. */
export function dollarsToCents(dollars: Dollars): Cents {
  return asCents(dollars * 100);
}

/** Adds amounts of cents. */
export function sumCents(values: readonly Cents[]): Cents {
  return asCents(values.reduce<number>((total, value) => total + value, 0));
}

// One formatter: building an Intl formatter per call costs more than a landing page's render.
const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "$23,100": whole dollars with thousands separators, never decimals. */
export function formatDollars(amount: number): string {
  return `$${wholeDollars.format(amount)}`;
}

/** "$1,295.70": integer cents, exact. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$5.00": a whole-dollar price written with cents, as sponsored headline prices are shown. */
export function formatDollarsWithCents(amount: number): string {
  return formatCents(dollarsToCents(asDollars(amount)));
}

// Digits, with thousands commas only in threes ("1,250", never "1,2,3"), then at most two decimals.
const amountPattern = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/**
 * The one reading of a typed amount: optional spaces around, an optional leading "$", digits
 * with optional thousands commas and, when `cents`, at most two decimals ("5." and ".5" are not
 * amounts). The value is in cents or whole dollars; past the largest exact integer it is
 * 'invalid' rather than rounded.
 */
function readAmount(raw: string, cents: boolean): number | 'empty' | 'invalid' {
  const text = raw.trim().replace(/^\$\s*/, '');
  if (text === '') return 'empty';
  const match = amountPattern.exec(text);
  if (!match || (!cents && match[3] !== undefined)) return 'invalid';
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  const value = cents ? Number(whole) * 100 + Number(fraction.padEnd(2, '0')) : Number(whole);
  return Number.isSafeInteger(value) ? value : 'invalid';
}

/**
 * Reads whole dollars as people type them, "18000", "18,000" or "$18,000", or as a JSON number.
 * Nothing typed is 'empty'; decimals, letters, signs and misplaced commas are 'invalid' rather
 * than guessed at. One rule for every whole-dollar field, in the browser and on the server.
 */
export function parseDollars(raw: string | number | null | undefined): number | 'empty' | 'invalid' {
  if (raw === null || raw === undefined) return 'empty';
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? raw : 'invalid';
  return readAmount(raw, false);
}

/**
 * Reads dollars and cents as typed, "1,250.50", "500", "$500" or "0", into integer cents.
 * Nothing typed is 'empty'; anything else that is not such an amount is 'invalid'. For fields
 * where zero or nothing means something (a rate, a filter); parseCents for an amount to pay.
 */
export function readCents(text: string): Cents | 'empty' | 'invalid' {
  const cents = readAmount(text, true);
  return typeof cents === 'number' ? asCents(cents) : cents;
}

/**
 * Reads dollars and cents as typed, "1,250.50", "500" or "$500", into integer cents above zero
 * (and within the largest exact integer); null for anything else, an empty field included. The
 * same digits rule as parseDollars; each field's own maximum is its schema's.
 */
export function parseCents(text: string): Cents | null {
  const cents = readCents(text);
  return typeof cents === 'number' && cents > 0 ? cents : null;
}
