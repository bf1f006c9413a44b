import { freelancerBadgeName } from '@market/shared';
import type { AuditEntry } from '../api/get-audit-log';
import { roleLabel } from './format';

const actionLabels: Record<string, string> = {
  'role-change': 'Role change',
  'subscription-change': 'Subscription change',
  'domain-approve': 'Domain approved',
  'domain-deny': 'Domain denied',
  'broker-take': 'Broker lead taken',
  'video-review': 'Video pitch reviewed',
  'order-payment': 'Payment recorded',
  'order-payout': 'Payout recorded',
  'order-refund': 'Refund recorded',
  'order-resolve': 'Dispute resolved',
  'sponsored-payment': 'Sponsored order paid',
  'milestone-payment': 'Milestone payment recorded',
  'milestone-payout': 'Milestone payout recorded',
  'milestone-refund': 'Milestone refund recorded',
  'milestone-resolve': 'Milestone dispute resolved',
  'badge-award': 'Badge awarded',
  'badge-withdraw': 'Badge withdrawn',
};

const targetLabels: Record<string, string> = {
  user: 'User',
  domain: 'Domain',
  lead: 'Lead',
  video: 'Video',
  order: 'Order',
  sponsored_order: 'Sponsored order',
  milestone: 'Milestone',
  freelancer: 'Freelancer',
};

export function auditActionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

/** "User #12", "Domain #4", or "3 domains" for a bulk review without one target. */
export function auditTarget(entry: AuditEntry, details: Record<string, unknown> | null): string {
  const type = targetLabels[entry.target_type] ?? entry.target_type;
  if (entry.target_id !== null) return `${type} #${entry.target_id}`;
  const count = typeof details?.count === 'number' ? details.count : null;
  if (count !== null) return `${count} ${entry.target_type}${count === 1 ? '' : 's'}`;
  return type;
}

export function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A short human summary of the details JSON: "User → Admin", "Free → Pony", "Bank reference
 * BR-1", "Released to the seller", "refused: reason".
 */
export function auditSummary(entry: AuditEntry, details: Record<string, unknown> | null): string {
  if (!details) return '';
  const parts: string[] = [];
  const { from, to, reason, action, count, reference, decision, badge } = details;
  if (entry.action === 'role-change' && typeof from === 'number' && typeof to === 'number') {
    parts.push(`${roleLabel(from)} → ${roleLabel(to)}`);
  } else if (from !== undefined && to !== undefined) {
    parts.push(`${String(from)} → ${String(to)}`);
  }
  if (typeof action === 'string') parts.push(action === 'approve' ? 'Approved' : action === 'deny' ? 'Denied' : action);
  if (entry.target_id === null && typeof count === 'number' && Array.isArray(details.ids)) {
    const ids = details.ids.filter((id): id is number => typeof id === 'number');
    if (ids.length > 0) parts.push(`ids ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? '…' : ''}`);
  }
  // The bank steps of an order name their transfer; a settled dispute, which way it went.
  if (typeof reference === 'string') parts.push(`Bank reference ${reference}`);
  if (decision === 'refund' || decision === 'release') parts.push(decision === 'refund' ? 'Refunded to the buyer' : 'Released to the seller');
  if (typeof badge === 'string') parts.push(`${freelancerBadgeName(badge)} badge`);
  if (typeof reason === 'string') parts.push(reason);
  return parts.join('; ');
}
