import { engagementMessages as em, type MilestoneInput } from '@market/shared';
import { parseCents } from '@/utils/money';

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
