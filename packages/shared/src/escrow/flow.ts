import type { HeldAccount, MovementKind } from './ledger.js';

/**
 * Everything paid into escrow (an order, a freelance milestone, a sponsored order, a payment we
 * could not apply) follows a flow: its states, and the steps that move it between them. A flow is
 * the only place the states of its kind are written; the server moves items only through it and
 * tells each caller what they may do next (`allowed_actions`), and the web app shows exactly that.
 */
export const escrowKinds = ['order', 'milestone', 'sponsored', 'overpayment', 'lease', 'instalment'] as const;
export type EscrowKind = (typeof escrowKinds)[number];

/** Who takes a step: a party to the item, an admin, or the system (a deadline, the card processor, a payment command). */
export const escrowRoles = ['buyer', 'seller', 'client', 'freelancer', 'admin', 'system'] as const;
export type EscrowRole = (typeof escrowRoles)[number];

/** Which of an item's amounts a ledger figure is (see ledger.ts): the payer's total, the payee's net, or the commission. */
export type AmountPart = 'total' | 'net' | 'commission';

/**
 * Facts about an item that some steps need besides its state, decided by the server from the
 * item: it is paid through a card processor's checkout; its refund goes back by hand (bank
 * transfer) rather than as a provider command; the seller gave an authorisation code; the
 * buyer's DNS proof is (not yet) seen.
 */
export const escrowConditions = ['card', 'by_hand', 'auth_code', 'dns_verified', 'dns_unverified'] as const;
export type EscrowCondition = (typeof escrowConditions)[number];
export type EscrowFacts = Readonly<Record<EscrowCondition, boolean>>;

/** What a step does beyond the state and the money, carried out by the item's own service in the step's transaction. */
export const escrowSideEffects = [
  'relist_domain',
  'pass_domain_to_buyer',
  'start_headlines',
  'unmask_contacts',
  // Lease to own: DNS control to the lessee and back, the lease's instalments closed, and an
  // instalment's payment moving its lease on (started, or paid in full).
  'hand_dns_to_lessee',
  'return_dns_to_seller',
  'close_instalments',
  'waive_instalments',
  'advance_lease',
] as const;
export type EscrowSideEffect = (typeof escrowSideEffects)[number];

export interface EscrowState {
  label: string;
  /**
   * What the marketplace holds for the item in this state, per ledger account; accounts not
   * named hold nothing. The reconcile report compares every item's balances with this.
   */
  holds: Partial<Record<HeldAccount, AmountPart>>;
  /**
   * What each role does next (or waits for) in this state, in words, with `{name}` standing for
   * the item's figures and dates (fillNextStep). A role not named has nothing to do.
   */
  next?: Partial<Record<EscrowRole, string>>;
  /** How a page marks the state: done well, or needing attention; plain when unset. */
  tone?: 'success' | 'warning';
  /** On the way to completion: how many of the flow's progress steps are behind the item. */
  progress?: number;
}

export interface EscrowTransition<S extends string, A extends string, R extends EscrowRole> {
  action: A;
  from: readonly S[];
  /** The state after the step; null for a step that leaves the state as it is (opening a checkout page, reading the code). */
  to: S | null;
  by: readonly R[];
  /** A fact the item must have for the step (besides its state). */
  when?: EscrowCondition;
  /** Ledger movements written in the step's transaction, in this order. */
  ledger?: readonly MovementKind[];
  /** A refund through the payment provider, sent by the payment command worker after commit (never inside the step). */
  command?: 'refund';
  does?: readonly EscrowSideEffect[];
  /** Who is told (a notification and an e-mail). */
  notify?: readonly R[];
  /** No history line of its own: the step is part of a larger one that writes it (accepting terms). */
  quiet?: true;
}

export interface EscrowFlow<S extends string, A extends string, R extends EscrowRole> {
  kind: EscrowKind;
  /** The state an item is created in. */
  initial: S;
  /** The parties, then admin and system. */
  roles: readonly R[];
  states: Readonly<Record<S, EscrowState>>;
  /** Each step's name as a button or a history line says it. */
  actions: Readonly<Record<A, string>>;
  transitions: readonly EscrowTransition<S, A, R>[];
  /** The steps of the way to completion, as a progress bar names them (states say how far along they are). */
  progressSteps?: readonly string[];
}

/** Builds a flow and checks it is well formed: every state and role it names is its own. */
export function defineFlow<S extends string, A extends string, R extends EscrowRole>(flow: EscrowFlow<S, A, R>): EscrowFlow<S, A, R> {
  const states = new Set(Object.keys(flow.states));
  for (const t of flow.transitions) {
    for (const s of [...t.from, ...(t.to ? [t.to] : [])]) if (!states.has(s)) throw new Error(`${flow.kind}: ${t.action} names unknown state ${s}`);
    for (const r of t.by) if (!flow.roles.includes(r)) throw new Error(`${flow.kind}: ${t.action} names unknown role ${r}`);
  }
  return flow;
}

/** The states of a flow in the order they are written, as a tuple for zod enums. */
export function statesOf<S extends string>(flow: EscrowFlow<S, string, EscrowRole>): [S, ...S[]] {
  return Object.keys(flow.states) as [S, ...S[]];
}

/** Each state's label, for answers and pages. */
export function stateLabels<S extends string>(flow: EscrowFlow<S, string, EscrowRole>): Record<S, string> {
  return Object.fromEntries(Object.entries<EscrowState>(flow.states).map(([s, info]) => [s, info.label])) as Record<S, string>;
}

export type StepCheck<S extends string, A extends string, R extends EscrowRole> =
  | { ok: true; transition: EscrowTransition<S, A, R> }
  /** The role never takes this step, in any state. */
  | { ok: false; reason: 'forbidden' }
  /** The role may take it, but not in this state (or without the fact it needs). */
  | { ok: false; reason: 'out_of_order' };

/** Whether `role` may take `action` on an item in `state` with `facts`, and the transition it would be. */
export function checkStep<S extends string, A extends string, R extends EscrowRole>(
  flow: EscrowFlow<S, A, R>,
  action: A,
  state: S,
  role: R,
  facts: EscrowFacts,
): StepCheck<S, A, R> {
  const byRole = flow.transitions.filter((t) => t.action === action && t.by.includes(role));
  if (byRole.length === 0) return { ok: false, reason: 'forbidden' };
  const transition = byRole.find((t) => t.from.includes(state) && (!t.when || facts[t.when]));
  return transition ? { ok: true, transition } : { ok: false, reason: 'out_of_order' };
}

/** The steps `role` may take now, in the flow's order, each once. */
export function allowedActions<S extends string, A extends string, R extends EscrowRole>(flow: EscrowFlow<S, A, R>, state: S, role: R, facts: EscrowFacts): A[] {
  const allowed: A[] = [];
  for (const t of flow.transitions) {
    if (t.by.includes(role) && t.from.includes(state) && (!t.when || facts[t.when]) && !allowed.includes(t.action)) allowed.push(t.action);
  }
  return allowed;
}

/** Every state some transition of `action` starts from. */
export function statesAllowing<S extends string, A extends string>(flow: EscrowFlow<S, A, EscrowRole>, action: A): S[] {
  return [...new Set(flow.transitions.filter((t) => t.action === action).flatMap((t) => t.from))];
}

/** States no step leaves: the item is over. */
export function finalStates<S extends string>(flow: EscrowFlow<S, string, EscrowRole>): S[] {
  const left = new Set(flow.transitions.filter((t) => t.to !== null).flatMap((t) => t.from));
  return statesOf(flow).filter((s) => !left.has(s));
}

/** States in which the marketplace holds money for the item (any account). */
export function holdingStates<S extends string>(flow: EscrowFlow<S, string, EscrowRole>): S[] {
  return statesOf(flow).filter((s) => Object.keys(flow.states[s].holds).length > 0);
}

/** A state's next-step sentence for `role`, its `{name}` placeholders filled from `vars`; '' when the role has none. */
export function nextStepText<S extends string>(
  flow: EscrowFlow<S, string, EscrowRole>,
  state: S,
  role: EscrowRole,
  vars: Readonly<Record<string, string>>,
): string {
  const template = flow.states[state]?.next?.[role] ?? '';
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`${flow.kind} ${state}: no value for {${name}}`);
    return value;
  });
}

/** States on the way to completion (they have a progress), in the flow's order. */
export function statesOnTheWay<S extends string>(flow: EscrowFlow<S, string, EscrowRole>): S[] {
  return statesOf(flow).filter((s) => flow.states[s].progress !== undefined);
}

/** States in which the item holds money on `account` (escrow: held; payable: payout due; refunds_payable: refund due). */
export function statesHolding<S extends string>(flow: EscrowFlow<S, string, EscrowRole>, account: HeldAccount): S[] {
  return statesOf(flow).filter((s) => flow.states[s].holds[account] !== undefined);
}

/** The states `action` leads to. */
export function statesAfter<S extends string, A extends string>(flow: EscrowFlow<S, A, EscrowRole>, action: A): S[] {
  return [...new Set(flow.transitions.filter((t) => t.action === action && t.to !== null).map((t) => t.to as S))];
}
