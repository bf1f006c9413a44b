/**
 * Money is whole dollars in the API (DESIGN section 5); shown with a $ prefix and thousands
 * separators, never decimals (only sponsored prices use two decimals, spec section 9).
 */
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatUsd(amount: number): string {
  return `$${dollars.format(amount)}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 4, 2025, 2:05 PM" in the viewer's time zone; '' for a missing or bad value. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateTime.format(date) : '';
}

export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateOnly.format(date) : '';
}
