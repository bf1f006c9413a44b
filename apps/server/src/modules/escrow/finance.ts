import {
  apiErrors,
  asCents,
  type Cents,
  type EscrowKind,
  escrowKinds,
  expectedHoldings,
  heldAccounts,
  type ItemLedger,
  type LedgerMovement,
  type MovementKind,
  type PaymentCommand,
  type PaymentCommandStatus,
  paymentCommandStatusLabels,
  type ReconcileReport,
} from '@market/shared';
import type { Db, Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import type { Principal } from '../auth/index.js';
import { type CommandRow, findCommand, openCommands, retryCommand } from './commands.repository.js';
import type { EscrowEngine } from './engine.js';
import { accountBalances, heldBalances, movementsWithPostings, periodFlows, unbalancedMovements } from './ledger.repository.js';
import { listOverpayments, presentOverpayments } from './overpayments.js';

const negate = (c: Cents) => asCents(-c);
const NOTHING_HELD = { escrow: asCents(0), payable: asCents(0), refunds_payable: asCents(0) };

/**
 * Admin finance over the ledger: the totals, the report that every item holds what its state says,
 * the payment commands and the card payments held for a refund, and the export of every movement.
 */
export function createEscrowFinance({ db, engine, commandsQueued }: { db: Db; engine: EscrowEngine; commandsQueued: () => void }) {
  const k = db.kysely;

  async function presentCommand(row: CommandRow): Promise<PaymentCommand> {
    const kind = row.item_kind as EscrowKind;
    const status = row.status as PaymentCommandStatus;
    const spec = engine.specOf(kind);
    const item = await spec.load(k, row.item_id);
    return {
      id: row.id,
      item_kind: kind,
      item_id: row.item_id,
      item_label: item ? spec.label(item) : `${kind} #${row.item_id}`,
      item_link: item ? (spec.adminLink?.(item) ?? spec.link(item)) : '',
      action: 'refund',
      provider: row.provider,
      amount_cents: asCents(Number(row.amount_cents)),
      status,
      status_label: paymentCommandStatusLabels[status] ?? status,
      attempts: row.attempts,
      next_attempt_at: row.next_attempt_at,
      last_error: row.last_error,
      provider_reference: row.provider_reference,
      created_at: row.created_at,
      updated_at: row.updated_at,
      can_retry: status === 'failed',
    };
  }

  return {
    /** What is held and owed now (all time), and what moved in the period. */
    async totals(executor: Executor, range: { from?: string; to?: string }) {
      const balances = await accountBalances(executor);
      const flows = await periodFlows(executor, range);
      const flow = (kind: MovementKind, account: string) => flows.filter((f) => f.kind === kind && f.account === account).reduce((sum, f) => sum + f.total, 0);
      return {
        held_cents: negate(asCents(balances.escrow + balances.payable + balances.refunds_payable)),
        payouts_due_cents: negate(balances.payable),
        refunds_due_cents: negate(balances.refunds_payable),
        period: {
          payments_cents: asCents(flow('payment', 'clearing')),
          refunds_cents: asCents(-flow('refund_sent', 'clearing')),
          payouts_cents: asCents(-flow('payout_sent', 'clearing')),
          commission_cents: asCents(-(flow('release', 'commission') + flow('reopen', 'commission'))),
          sponsored_cents: asCents(-flow('earned', 'sponsored_sales')),
        },
      };
    },

    /** Commands not done yet: waiting, being sent, or failed and waiting for an admin. */
    async commands(limit = 200): Promise<PaymentCommand[]> {
      return Promise.all((await openCommands(k, limit)).map(presentCommand));
    },

    async overpayments(limit = 200) {
      return presentOverpayments(engine, k, await listOverpayments(k, limit));
    },

    /** Admin: sends a failed command again now. */
    async retry(principal: Principal, id: number): Promise<PaymentCommand> {
      const row = await findCommand(k, id);
      if (!row) throw new AppError('NOT_FOUND', 'Payment command not found.');
      if (!(await retryCommand(k, row, nowIso()))) {
        throw new AppError('CONFLICT', `This refund is ${(paymentCommandStatusLabels[row.status as PaymentCommandStatus] ?? row.status).toLowerCase()}: only a failed one can be sent again.`);
      }
      await writeAudit(k, { actorId: principal.user.id, action: 'payment-command-retry', targetType: 'payment_command', targetId: id, outcome: 'ok', details: { item: `${row.item_kind} ${row.item_id}` } });
      commandsQueued();
      return presentCommand((await findCommand(k, id))!);
    },

    /**
     * Every item whose balances disagree with what its state says it holds, and every movement
     * whose postings do not sum to zero. Both lists are empty in a sound ledger.
     */
    async reconcile(): Promise<ReconcileReport> {
      // One snapshot: items keep moving while the report reads, and a step half seen (its state
      // but not its movements) would show as a mismatch that never was.
      const tx = k.transaction();
      return (db.dialect === 'postgres' ? tx.setIsolationLevel('repeatable read') : tx).execute(async (trx) => {
        const mismatches: ReconcileReport['mismatches'] = [];
        let checked = 0;
        for (const kind of escrowKinds) {
          if (!engine.has(kind)) continue;
          const spec = engine.specOf(kind);
          const items = await spec.holdings(trx);
          const balances = await heldBalances(trx, kind);
          const known = new Set<number>();
          for (const item of items) {
            checked += 1;
            known.add(item.id);
            const state = (spec.flow.states as Record<string, { holds: Parameters<typeof expectedHoldings>[0] }>)[item.status];
            const expected = expectedHoldings(state?.holds ?? {}, item.amounts);
            const found = balances.get(item.id) ?? NOTHING_HELD;
            if (!state || heldAccounts.some((a) => expected[a] !== found[a])) mismatches.push({ item_kind: kind, item_id: item.id, status: item.status, expected, actual: found });
          }
          // Money on the books for an item that does not exist.
          for (const [id, found] of balances) {
            if (!known.has(id) && heldAccounts.some((a) => found[a] !== 0)) {
              mismatches.push({ item_kind: kind, item_id: id, status: 'missing', expected: NOTHING_HELD, actual: found });
            }
          }
        }
        return { checked_items: checked, mismatches, unbalanced_movements: await unbalancedMovements(trx) };
      });
    },

    /** One item's money: what it holds now and every movement it made, oldest first. */
    async itemLedger(kind: EscrowKind, id: number): Promise<ItemLedger> {
      if (!engine.has(kind)) throw new AppError('NOT_FOUND', apiErrors.notFound);
      await engine.load(kind, id);
      const held = (await heldBalances(k, kind, [id])).get(id) ?? NOTHING_HELD;
      const movements = await this.movements({ item: { kind, id } }, 10_000);
      return { item_kind: kind, item_id: id, held, movements };
    },

    /** Every movement of the period with its postings, oldest first. */
    async movements(range: { from?: string; to?: string; item?: { kind: EscrowKind; id: number } }, limit: number): Promise<LedgerMovement[]> {
      const rows = await movementsWithPostings(k, range, limit);
      return rows.map((m) => ({
        id: m.id,
        item_kind: m.item_kind as EscrowKind,
        item_id: m.item_id,
        kind: m.kind as MovementKind,
        provider: m.provider,
        reference: m.reference,
        created_at: m.created_at,
        postings: m.postings,
      }));
    },
  };
}

export type EscrowFinance = ReturnType<typeof createEscrowFinance>;
