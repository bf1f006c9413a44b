import { engagementMessages as em, type MilestoneInput } from '@market/shared';

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

/** One milestone as typed in a form. */
export interface MilestoneDraft {
  title: string;
  amount: string;
  due_date: string;
}

/** The drafts as the API takes them, or the first problem in words. */
export function readMilestones(drafts: MilestoneDraft[]): { milestones: MilestoneInput[] } | { error: string } {
  if (drafts.length === 0) return { error: em.milestonesRequired };
  const milestones: MilestoneInput[] = [];
  for (const d of drafts) {
    const amount = parseCents(d.amount);
    if (!d.title.trim()) return { error: em.titleRequired };
    if (amount === null) return { error: em.amountInvalid };
    if (!d.due_date) return { error: em.deadlineInvalid };
    milestones.push({ title: d.title.trim(), amount_cents: amount, due_date: d.due_date });
  }
  return { milestones };
}
