/**
 * How the app writes money and dates. Domain money is whole dollars in the API (DESIGN section
 * 5): a $ prefix and thousands separators, never decimals. Sponsored headline prices (two
 * decimals, spec section 9) use formatPrice from @market/shared instead.
 */
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "$23,100". */
export function formatDollars(amount: number): string {
  return `$${dollars.format(amount)}`;
}

/** A price column: zero or nothing means no price was set. */
export function formatPrice(amount: number | null | undefined): string {
  return amount ? formatDollars(amount) : '—';
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 4, 2026" in the viewer's time zone; `missing` for an absent or unreadable value. */
export function formatDate(iso: string | null | undefined, missing = '—'): string {
  const date = parse(iso);
  return date ? dateOnly.format(date) : missing;
}

/** "Mar 4, 2026, 2:05 PM" in the viewer's time zone; `missing` for an absent or unreadable value. */
export function formatDateTime(iso: string | null | undefined, missing = '—'): string {
  const date = parse(iso);
  return date ? dateTime.format(date) : missing;
}
