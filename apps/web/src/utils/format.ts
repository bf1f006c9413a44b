import { formatDollars } from '@market/shared';

/**
 * How the app writes dates, and listing prices in tables. Money itself is written by
 * packages/shared/src/money.ts (whole dollars, cents, sponsored prices with cents); amount
 * fields are read and filled through ./money.ts.
 */
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A price column: zero or nothing means no price was set. */
export function formatListPrice(amount: number | null | undefined): string {
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

/** A route's id: a positive integer, else undefined (the page then says it does not exist). */
export function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
