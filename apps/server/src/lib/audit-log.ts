import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../db/database.js';
import type { Database } from '../db/schema.js';

export interface AuditEntry {
  actorId: number;
  action:
    | 'role-change'
    | 'subscription-change'
    | 'domain-approve'
    | 'domain-deny'
    | 'broker-take'
    | 'video-review'
    | 'escrow-step'
    | 'payment-command-retry'
    | 'badge-award'
    | 'badge-withdraw';
  targetType: 'user' | 'domain' | 'lead' | 'video' | 'order' | 'sponsored' | 'milestone' | 'overpayment' | 'payment_command' | 'freelancer' | 'lease' | 'instalment';
  targetId: number | null;
  outcome: 'ok' | 'refused';
  details?: Record<string, unknown>;
}

/** Every admin action, done or refused, is written here (issue: audit log). */
export async function writeAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      outcome: entry.outcome,
      details: entry.details ? JSON.stringify(entry.details).slice(0, 4000) : null,
      created_at: nowIso(),
    })
    .execute();
}
