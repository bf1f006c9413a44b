/** Whole dollars as the spec shows them: '$' prefix, thousands separators. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

/** A price column: zero means no price was set. */
export function formatPrice(amount: number): string {
  return amount > 0 ? formatDollars(amount) : '—';
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateOnly.format(date);
}

/** Owner shown as first name and last initial ("Ada L."), never more. */
export function ownerName(user: { first_name: string; last_name: string }): string {
  const initial = user.last_name.trim().slice(0, 1);
  return initial ? `${user.first_name} ${initial}.` : user.first_name;
}
