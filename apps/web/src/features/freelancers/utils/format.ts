import { formatCents } from '@market/shared';
import { env } from '@/config/env';

/** "$95.00 an hour", or nothing when the freelancer has not set a rate. */
export function hourlyRateText(cents: number | null): string | null {
  return cents === null ? null : `${formatCents(cents)} an hour`;
}

/**
 * Pictures come from the server as same-origin paths (the avatar redirect, embedded storage) or
 * absolute URLs (a bucket); a path needs the API's origin when the app runs on another.
 */
export function mediaUrl(url: string | null): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/') && !url.startsWith('//') ? `${env.apiBase}${url}` : url;
}

/** Dollars typed in a form, as integer cents; null for an empty field, NaN for something else. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

export function centsToDollars(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
