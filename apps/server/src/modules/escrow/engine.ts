import {
  apiErrors,
  allowedActions,
  checkStep,
  type EscrowAmounts,
  type EscrowFacts,
  type EscrowFlow,
  type EscrowKind,
  type EscrowRole,
  type EscrowSideEffect,
  type EscrowTransition,
  type LiveEvent,
  nextStepText,
} from '@market/shared';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import { noteChange } from '../../lib/live-events/index.js';
import { commitWithNotices, type Notice } from '../notifications/index.js';
import { type CommandRow, insertCommand, refundCommandsOf, settleCommandByHand } from './commands.repository.js';
import { insertMovement } from './ledger.repository.js';

/** The columns every item of escrow has, whatever its table. */
export interface EscrowItem {
  id: number;
  status: string;
}

export type EscrowTable = 'purchase_orders' | 'engagement_milestones' | 'sponsored_orders' | 'overpayments' | 'leases' | 'lease_instalments';

/** What a caller brings to a step: a note for the history, a reference (bank or card), columns the step sets. */
export interface StepInput {
  note?: string;
  /** The bank's or the card processor's reference of the money that moved. */
  reference?: string;
  /** Columns of the item's row the step sets besides its status. */
  patch?: Record<string, unknown>;
  /** The card processor's id of a payment being recorded: kept on the item, since its refund goes back through it. */
  cardPayment?: string;
}

type AnyFlow = EscrowFlow<string, string, EscrowRole>;
type AnyTransition = EscrowTransition<string, string, EscrowRole>;

/**
 * One kind of item as the engine moves it: where it is stored, its money, who its parties are,
 * and what its steps do besides the state and the money (each kind's module writes its own).
 */
export interface EscrowKindSpec<I extends EscrowItem = EscrowItem> {
  flow: AnyFlow;
  table: EscrowTable;
  load(db: Executor, id: number): Promise<I | undefined>;
  amounts(item: I): EscrowAmounts;
  /** The payment provider the item is paid through (`manual`: bank transfer). */
  provider(item: I): string;
  /** The card processor's id of the payment, which a refund goes back through; null when the money came another way. */
  cardPayment(item: I): string | null;
  /** The user behind each party role. */
  parties(item: I): Partial<Record<EscrowRole, number>>;
  /** The page its parties see it on, which a step changes (live events); none for kinds without one that updates. */
  liveEvent?(item: I): LiveEvent;
  /** The kind's own facts (auth code, DNS proof); the engine adds `card` and `by_hand`. */
  facts?(item: I): Partial<EscrowFacts>;
  /** Columns a step sets besides the status: its times, the payment's reference, the kind's own data. */
  stepPatch?(action: string, item: I, input: StepInput, at: Date): Record<string, unknown>;
  /** The item a card processor's checkout session paid for, when the session is the item's latest. */
  bySession?(db: Executor, sessionId: string): Promise<I | undefined>;
  /** What the item is, for admin Finance ("Order #12, example.com"). */
  label(item: I): string;
  /** The item's page in the app, for its parties. */
  link(item: I): string;
  /** Where an admin sees the item, when its parties' page is theirs alone. */
  adminLink?(item: I): string;
  /** Every item of the kind with its state and amounts (the reconcile report). */
  holdings(db: Executor): Promise<{ id: number; status: string; amounts: EscrowAmounts }[]>;
  history(trx: Executor, item: I, to: string, note: string, actorId: number | null, at: string): Promise<void>;
  /** A side effect may answer notices of its own (a step it took on another item, in the same transaction). */
  effects?: Partial<Record<EscrowSideEffect, (trx: Executor, item: I, at: string) => Promise<void | Notice[]>>>;
  /** What a step taken by `by` tells each role its transition notifies. */
  notice(action: string, role: EscrowRole, item: I, input: StepInput, by: EscrowRole): Pick<Notice, 'subject' | 'message' | 'link' | 'linkLabel' | 'category' | 'leadId'>;
  /** `{name}` values of the item's next-step sentences. */
  nextStepVars(item: I): Record<string, string>;
  messages: {
    notFound: string;
    outOfOrder(label: string): string;
    /** Refusal for a role that never takes the step, given the roles that do. */
    forbidden(roles: readonly EscrowRole[]): string;
    amountMismatch(expected: EscrowAmounts['total']): string;
  };
}

export interface Actor {
  role: EscrowRole;
  /** The user taking the step; null for the system. */
  userId: number | null;
}

export const SYSTEM: Actor = { role: 'system', userId: null };

export interface EscrowEngineDeps {
  db: Db;
  /** The payment provider's name, and whether it offers a checkout page and refunds. */
  payments: { name: string; checkout?: unknown; refund?: unknown };
  publicUrl: string;
  mailQueued: () => void;
  /** Wakes the payment command worker after a commit that recorded a command. */
  commandsQueued: () => void;
}

/** A refused step: 403 when the role never takes it, 409 when the item's state does not allow it now. */
function refusal(spec: EscrowKindSpec, item: EscrowItem, action: string, role: EscrowRole, reason: 'forbidden' | 'out_of_order') {
  if (reason === 'forbidden') {
    const roles = [...new Set(spec.flow.transitions.filter((t) => t.action === action).flatMap((t) => t.by))];
    return new AppError('FORBIDDEN', role === 'system' ? apiErrors.permissionDenied : spec.messages.forbidden(roles));
  }
  const label = (spec.flow.states as Record<string, { label: string }>)[item.status]?.label ?? item.status;
  return new AppError('CONFLICT', spec.messages.outOfOrder(label));
}

/**
 * The escrow engine: every state change of an order, milestone, sponsored order or held payment
 * goes through `step`, which checks the flow, moves the state with a conditional update (of two
 * concurrent steps exactly one wins), and writes the history, the ledger movements and any payment
 * command in the same transaction. Nothing here calls a payment provider: a refund is a command
 * the worker sends after commit, so a refused step moves no money anywhere.
 */
export function createEscrowEngine({ db, payments, publicUrl, mailQueued, commandsQueued }: EscrowEngineDeps) {
  const specs = new Map<EscrowKind, EscrowKindSpec>();

  function specOf(kind: EscrowKind): EscrowKindSpec {
    const spec = specs.get(kind);
    if (!spec) throw new Error(`No escrow kind ${kind} registered`);
    return spec;
  }

  /** A refund goes back through the provider when the item's money came through it as a card payment. */
  function refundsThroughProvider(spec: EscrowKindSpec, item: EscrowItem): string | null {
    const reference = spec.cardPayment(item);
    return reference && payments.refund && spec.provider(item) === payments.name ? reference : null;
  }

  function factsOf(spec: EscrowKindSpec, item: EscrowItem, refund: CommandRow | undefined): EscrowFacts {
    const own = spec.facts?.(item) ?? {};
    return {
      card: Boolean(payments.checkout) && payments.name !== 'manual' && spec.provider(item) === payments.name,
      // By hand unless a provider refund stands for it; a failed one may be settled by hand instead.
      by_hand: !refundsThroughProvider(spec, item) || refund?.status === 'failed',
      auth_code: own.auth_code ?? false,
      dns_verified: own.dns_verified ?? false,
      dns_unverified: own.dns_unverified ?? false,
    };
  }

  /** The latest live refund command of each item, where a step could depend on it. */
  async function refundStates(executor: Executor, spec: EscrowKindSpec, items: readonly EscrowItem[]): Promise<Map<number, CommandRow>> {
    const needing = new Set(spec.flow.transitions.filter((t) => t.when === 'by_hand').flatMap((t) => t.from));
    return refundCommandsOf(executor, spec.flow.kind, items.filter((i) => needing.has(i.status)).map((i) => i.id));
  }

  function check(spec: EscrowKindSpec, item: EscrowItem, action: string, actor: Actor, refund: CommandRow | undefined): AnyTransition {
    const result = checkStep(spec.flow, action, item.status, actor.role, factsOf(spec, item, refund));
    if (!result.ok) throw refusal(spec, item, action, actor.role, result.reason);
    return result.transition;
  }

  /** Moves the item and its money inside the caller's transaction; answers who must be told. */
  async function stepIn(trx: Executor, kind: EscrowKind, item: EscrowItem, action: string, actor: Actor, input: StepInput = {}): Promise<{ transition: AnyTransition; notices: Notice[]; command: boolean }> {
    const spec = specOf(kind);
    const refund = (await refundStates(trx, spec, [item])).get(item.id);
    const transition = check(spec, item, action, actor, refund);
    const now = new Date();
    const at = now.toISOString();
    const to = transition.to ?? item.status;
    const patch = { ...(spec.stepPatch?.(action, item, input, now) ?? {}), ...(input.patch ?? {}) };
    if (transition.to !== null) {
      const result = await trx
        .updateTable(spec.table as 'purchase_orders')
        .set({ ...patch, status: to })
        .where('id', '=', item.id)
        .where('status', '=', item.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        // Another step moved it first: refuse with the state it is in now.
        const current = (await spec.load(trx, item.id)) ?? item;
        throw refusal(spec, current, action, actor.role, 'out_of_order');
      }
    } else if (Object.keys(patch).length > 0) {
      await trx.updateTable(spec.table as 'purchase_orders').set(patch).where('id', '=', item.id).where('status', '=', item.status).execute();
    }
    const note = input.note ?? spec.flow.actions[action] ?? action;
    if (transition.to !== null && !transition.quiet) await spec.history(trx, item, to, note, actor.userId, at);

    const amounts = spec.amounts(item);
    const ref = { kind, id: item.id };
    for (const movement of transition.ledger ?? []) {
      await insertMovement(trx, { item: ref, kind: movement, amounts, provider: spec.provider(item), reference: input.reference ?? note, recordedBy: actor.userId, at });
    }
    let command = false;
    if (transition.command === 'refund') {
      const paymentReference = refundsThroughProvider(spec, item);
      if (paymentReference) {
        await insertCommand(trx, { item: ref, provider: spec.provider(item), amountCents: amounts.total, paymentReference, at });
        command = true;
      }
    }
    // A refund recorded by hand settles the provider command that had failed for it.
    if (transition.action === 'record_refund' && refund?.status === 'failed') await settleCommandByHand(trx, kind, item.id, at);
    const effectNotices: Notice[] = [];
    for (const effect of transition.does ?? []) {
      const run = spec.effects?.[effect];
      if (!run) throw new Error(`${kind}: no side effect ${effect}`);
      effectNotices.push(...((await run(trx, item, at)) ?? []));
    }
    if (actor.role === 'admin' && actor.userId !== null) {
      await writeAudit(trx, {
        actorId: actor.userId,
        action: 'escrow-step',
        targetType: kind,
        targetId: item.id,
        outcome: 'ok',
        details: { action, from: item.status, to, ...(input.reference ? { reference: input.reference } : {}) },
      });
    }
    const parties = spec.parties(item);
    // Every party's open page follows, the one who took the step included (their other tabs).
    const live = spec.liveEvent?.(item);
    if (live) noteChange(trx, live, Object.values(parties));
    const notices: Notice[] = [];
    for (const role of transition.notify ?? []) {
      const userId = parties[role];
      // Whoever took the step knows; the others are told.
      if (userId === undefined || userId === actor.userId) continue;
      notices.push({ userId, ...spec.notice(action, role, item, input, actor.role) });
    }
    notices.push(...effectNotices);
    return { transition, notices, command };
  }

  return {
    register<I extends EscrowItem>(spec: EscrowKindSpec<I>) {
      specs.set(spec.flow.kind, spec as unknown as EscrowKindSpec);
    },

    /** Loads an item of a kind; 404 with the kind's message when there is none. */
    async load<I extends EscrowItem>(kind: EscrowKind, id: number, executor: Executor = db.kysely): Promise<I> {
      const spec = specOf(kind);
      const item = await spec.load(executor, id);
      if (!item) throw new AppError('NOT_FOUND', spec.messages.notFound);
      return item as I;
    },

    /** Refuses now, before any work, a step the flow does not allow (the step checks again in its transaction). */
    async assertAllowed(kind: EscrowKind, item: EscrowItem, action: string, actor: Actor): Promise<void> {
      const spec = specOf(kind);
      check(spec, item, action, actor, (await refundStates(db.kysely, spec, [item])).get(item.id));
    },

    /** Takes a step in its own transaction with its notices; wakes the mail and command workers after commit. */
    async step(kind: EscrowKind, item: EscrowItem, action: string, actor: Actor, input: StepInput = {}, extra?: (trx: Executor) => Promise<Notice[]>): Promise<void> {
      let queued = false;
      await commitWithNotices(
        db,
        async (trx) => {
          const { notices, command } = await stepIn(trx, kind, item, action, actor, input);
          queued = command;
          return [...notices, ...((await extra?.(trx)) ?? [])];
        },
        { publicUrl, mailQueued },
      );
      if (queued) commandsQueued();
    },

    /** Takes a step inside a transaction the caller owns (it writes the notices and wakes the workers). */
    stepIn,

    /** What `role` may do now on each item, and what they do next in words. */
    async views<I extends EscrowItem>(kind: EscrowKind, items: readonly I[], roleOf: (item: I) => EscrowRole): Promise<Map<number, { allowed_actions: string[]; next_step: string }>> {
      const spec = specOf(kind) as unknown as EscrowKindSpec<I>;
      const refunds = await refundStates(db.kysely, spec as unknown as EscrowKindSpec, items);
      const views = new Map<number, { allowed_actions: string[]; next_step: string }>();
      for (const item of items) {
        const role = roleOf(item);
        const facts = factsOf(spec as unknown as EscrowKindSpec, item, refunds.get(item.id));
        views.set(item.id, {
          allowed_actions: allowedActions(spec.flow, item.status, role, facts),
          next_step: nextStepText(spec.flow, item.status, role, spec.nextStepVars(item)),
        });
      }
      return views;
    },

    specOf,
    has: (kind: EscrowKind) => specs.has(kind),
  };
}

export type EscrowEngine = ReturnType<typeof createEscrowEngine>;
