/**
 * How money is written everywhere (web, server-rendered pages, e-mails). Listing prices, offers
 * and sponsored prices are whole dollars; what a deal moves is integer cents.
 */

// One formatter: building an Intl formatter per call costs more than a landing page's render.
const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "$23,100": whole dollars with thousands separators, never decimals. */
export function formatDollars(amount: number): string {
  return `$${wholeDollars.format(amount)}`;
}

/** "$1,295.70": integer cents, exact. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$5.00": a whole-dollar price written with cents, as sponsored headline prices are shown. */
export function formatDollarsWithCents(amount: number): string {
  return formatCents(Math.round(amount * 100));
}

/**
 * Reads whole dollars as people type them, "18000", "18,000" or "$18,000", or as a JSON number.
 * Nothing typed is 'empty'; decimals, letters, signs and misplaced commas are 'invalid' rather
 * than guessed at. One rule for every amount field, in the browser and on the server.
 */
export function parseDollars(raw: string | number | null | undefined): number | 'empty' | 'invalid' {
  if (raw === null || raw === undefined) return 'empty';
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? raw : 'invalid';
  const text = raw.trim().replace(/^\$\s*/, '');
  if (text === '') return 'empty';
  if (!/^(\d{1,3}(,\d{3})+|\d+)$/.test(text)) return 'invalid';
  const value = Number(text.replace(/,/g, ''));
  return Number.isSafeInteger(value) ? value : 'invalid';
}
