/**
 * Domain prices are whole dollars (DESIGN section 5): a $ prefix and thousands separators.
 * Sponsored headline prices use formatPrice from @market/shared (two decimals, spec section 9).
 */
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatUsd(amount: number): string {
  return `$${dollars.format(amount)}`;
}

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Mar 4, 2026" in the viewer's time zone; '' for a missing or bad value. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}

/** How an order was paid: 'test' orders are marked paid without a real charge. */
export function paymentModeLabel(mode: string): string {
  return mode === 'test' ? 'Test mode, no charge' : mode.charAt(0).toUpperCase() + mode.slice(1);
}
