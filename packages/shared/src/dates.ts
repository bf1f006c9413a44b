// One formatter: building an Intl formatter per call costs more than the sentence it writes.
const utcDateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * "27 Nov 2026, 14:05 UTC": a moment written the same on the server (next-step sentences,
 * e-mails) and in the browser, whatever the reader's time zone. '' for none.
 */
export function formatUtcDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${utcDateTime.format(date)} UTC`;
}
