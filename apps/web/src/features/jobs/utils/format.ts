import { formatCents, type Job } from '@market/shared';

/** "$500.00" for a fixed budget, "$500.00 – $900.00" for a range. */
export function budgetText(job: Pick<Job, 'budget_min_cents' | 'budget_max_cents'>): string {
  return job.budget_min_cents === job.budget_max_cents ? formatCents(job.budget_min_cents) : `${formatCents(job.budget_min_cents)} – ${formatCents(job.budget_max_cents)}`;
}

/** "1,500" or "1500.50" dollars as typed, in integer cents; null for anything else. */
export function parseCents(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.replace(/,/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** A route's id: a positive integer, else undefined (the page then says it does not exist). */
export function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
