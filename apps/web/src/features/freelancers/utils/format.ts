import { type Cents, formatCents } from '@market/shared';
import { env } from '@/config/env';

/** "$95.00 an hour", or nothing when the freelancer has not set a rate. */
export function hourlyRateText(cents: Cents | null): string | null {
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
