import { allowedActions, checkStep, type EscrowKind, escrowKinds, type EscrowRole, statesOf } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../test/deals-support.js';
import {
  type AnyTransition,
  attempt,
  commandsOf,
  createEscrowWorld,
  drain,
  expectAttempt,
  factsOf,
  firstState,
  instalmentMovementsOf,
  flowOf,
  type Item,
  learn,
  moneySnapshot,
  movementKinds,
  newMilestones,
  newInstalment,
  newLease,
  newOrder,
  newOverpayment,
  newSponsored,
  payByCard,
  publishDnsProof,
  refundsDone,
  sendRefundsNow,
  setStandIn,
  type StandInMode,
  stateOf,
  viewersOf,
  viewOf,
  wayOf,
  type Who,
  type World,
} from '../../test/escrow-support.js';
import { testDialect } from '../../test/test-app.js';

/**
 * The escrow tables, walked row by row. For every transition of every flow (read from the shared
 * tables, so a row added later is walked too), from each state it starts in, a fresh item is
 * brought to that state through the API, and every role tries the step: the parties, someone who
 * is none of them, an admin, and the system where the row is a system step. Roles the table
 * names must succeed and reach its `to` with exactly its ledger movements and refund command;
 * every other attempt must be refused (403 never theirs, 404 not their item, 409 not now) and
 * change nothing at all. Each role's page of the item must offer exactly what the table allows.
 * Then, in every state, every step the table does not allow there is tried by everyone, and must
 * be refused and change nothing.
 *
 * Rows that need a fact are walked with and without it; rows after a payment with a card payment
 * and a bank payment; refunds of card payments waiting for a retry (the processor answered 500)
 * and failed (it refused: an admin decides). One app takes card payments through the Stripe
 * stand-in; the other has no card processor (bank transfers an admin records).
 */

const TIMEOUT = 60_000;

/** How an item is paid and moved on the way to the state a row starts from. */
interface Profile {
  pay: 'card' | 'bank';
  transfer: 'push' | 'auth_code';
  /** The buyer's DNS proof of the transfer is checked. */
  dns: boolean;
  /** How the card processor answers the refund sent on the way: 500 (it waits for a retry) or 400 (failed: an admin decides). */
  refund: 'pending' | 'failed';
}

interface Hop {
  from: string;
  to: string;
}

/** The shortest way through the table from a kind's first state to `target` (steps that change the state). */
function pathTo(kind: EscrowKind, target: string): { hops: Hop[]; transitions: AnyTransition[] } {
  const flow = flowOf(kind);
  const start = firstState(kind);
  const came = new Map<string, { from: string; t: AnyTransition }>();
  const queue = [start];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const t of flow.transitions) {
      if (t.to && t.from.includes(state) && t.to !== start && !came.has(t.to)) {
        came.set(t.to, { from: state, t });
        queue.push(t.to);
      }
    }
  }
  const hops: Hop[] = [];
  const transitions: AnyTransition[] = [];
  for (let state = target; state !== start; ) {
    const step = came.get(state);
    if (!step) throw new Error(`${kind}: no way to reach ${target} from ${start}`);
    hops.unshift({ from: step.from, to: state });
    transitions.unshift(step.t);
    state = step.from;
  }
  return { hops, transitions };
}

/**
 * The ways an item can be on reaching `from`, as far as the row cares: paid by card or by bank
 * (once paid), with and without the fact the row needs, and a card refund waiting or failed (once
 * one was sent).
 */
function profilesFor(kind: EscrowKind, row: AnyTransition, from: string, card: boolean): Profile[] {
  const { transitions } = pathTo(kind, from);
  const paid = kind === 'overpayment' || transitions.some((t) => t.ledger?.includes('payment'));
  const pays: Profile['pay'][] = kind === 'overpayment' ? ['card'] : card && paid ? ['card', 'bank'] : ['bank'];
  const refunded = transitions.some((t) => t.command === 'refund');
  const seen = new Set<string>();
  const profiles: Profile[] = [];
  for (const pay of pays) {
    for (const transfer of row.when === 'auth_code' ? (['auth_code', 'push'] as const) : (['push'] as const)) {
      for (const dns of row.when === 'dns_verified' || row.when === 'dns_unverified' ? [true, false] : [false]) {
        for (const refund of refunded && pay === 'card' ? (['pending', 'failed'] as const) : (['pending'] as const)) {
          const profile = { pay, transfer, dns, refund };
          if (!seen.has(JSON.stringify(profile))) profiles.push(profile);
          seen.add(JSON.stringify(profile));
        }
      }
    }
  }
  return profiles;
}

const describeProfile = (kind: EscrowKind, row: AnyTransition, from: string, p: Profile, card: boolean) => {
  const { transitions } = pathTo(kind, from);
  const parts = [transitions.some((t) => t.ledger?.includes('payment')) || kind === 'overpayment' ? `paid by ${p.pay}` : card ? 'card app' : 'bank app'];
  if (row.when === 'auth_code') parts.push(p.transfer === 'auth_code' ? 'with an auth code' : 'pushed, no auth code');
  if (row.when === 'dns_verified' || row.when === 'dns_unverified') parts.push(p.dns ? 'DNS proof seen' : 'DNS proof not seen');
  if (p.pay === 'card' && transitions.some((t) => t.command === 'refund')) parts.push(p.refund === 'pending' ? 'refund waiting for a retry' : 'refund failed');
  return parts.join(', ');
};

/** A step that sends a card payment back is taken with the processor failing (or refusing), so its refund waits where the test can see it. */
function modeFor(w: World, item: Item, t: AnyTransition, refund: Profile['refund']): StandInMode {
  if (t.command !== 'refund' || !w.stand || !item.cardPayment) return 'ok';
  return refund === 'failed' ? 'refusing' : 'failing';
}

async function create(w: World, kind: EscrowKind, profile: Profile): Promise<Item> {
  switch (kind) {
    case 'order':
      return newOrder(w, profile.transfer);
    case 'milestone':
      return (await newMilestones(w, 1))[0]!;
    case 'sponsored':
      return newSponsored(w);
    case 'overpayment': {
      const order = await newOrder(w);
      expect((await payByCard(w, order)).outcome).toBe('applied');
      return newOverpayment(w, order);
    }
    case 'lease':
      return newLease(w, profile.transfer);
    case 'instalment':
      return newInstalment(w);
  }
}

/** The roles that may take a step, in the order the way there tries them: a card payment through the webhook, a bank payment by the admin. */
function rolesInOrder(kind: EscrowKind, t: AnyTransition, profile: Profile): EscrowRole[] {
  const humans = t.by.filter((r) => r !== 'system');
  const system = t.by.includes('system') ? (['system'] as const) : [];
  if (wayOf(kind, t.action).system?.pays) return profile.pay === 'card' ? [...system, ...humans] : humans;
  return [...humans, ...system];
}

/** Takes the table's step from `hop.from` to `hop.to` with the first role and way that can. */
async function takeHop(w: World, item: Item, hop: Hop, profile: Profile): Promise<void> {
  const flow = flowOf(item.kind);
  for (const t of flow.transitions.filter((row) => row.to === hop.to && row.from.includes(hop.from))) {
    for (const who of rolesInOrder(item.kind, t, profile)) {
      const way = wayOf(item.kind, t.action);
      if (who === 'system' ? !way.system?.reaches(w, item) : !way.human?.run) continue;
      const check = checkStep(flow, t.action, hop.from, who, factsOf(w, item));
      if (!check.ok || check.transition.to !== hop.to) continue;
      const mode = modeFor(w, item, check.transition, profile.refund);
      setStandIn(w, mode);
      const res = await attempt(w, item, t.action, who);
      await drain(w);
      setStandIn(w, 'ok');
      if (who !== 'system') expect(res.status, `${who} ${t.action}: ${res.body}`).toBe(200);
      learn(w, item, check.transition, who, mode);
      expect(await stateOf(w, item), `${item.kind} ${item.id} after ${t.action}`).toBe(hop.to);
      if (t.action === 'start_transfer') await afterTransfer(w, item, profile);
      return;
    }
  }
  throw new Error(`${item.kind}: no role can move an item ${JSON.stringify(profile)} from ${hop.from} to ${hop.to}`);
}

/** The transfer started: the buyer publishes the DNS proof; with the profile's DNS check, the buyer has it checked. */
async function afterTransfer(w: World, item: Item, profile: Profile): Promise<void> {
  await publishDnsProof(w, item);
  if (!profile.dns) return;
  const res = await attempt(w, item, 'check_dns', 'buyer');
  expect(res.status, res.body).toBe(200);
  item.dnsVerified = true;
}

/** A fresh item in `state`, moved there through the API the way the profile says. */
async function bring(w: World, kind: EscrowKind, state: string, profile: Profile): Promise<Item> {
  const item = await create(w, kind, profile);
  const { hops, transitions } = pathTo(kind, state);
  for (const hop of hops) await takeHop(w, item, hop, profile);
  // The item is what the profile says: paid by card when it was paid and the profile says card.
  const paid = transitions.some((t) => t.ledger?.includes('payment')) || kind === 'overpayment';
  expect(item.cardPayment !== null, `${kind} ${item.id} paid by ${profile.pay}`).toBe(paid && profile.pay === 'card');
  return item;
}

/** Each role's page of the item shows its state and exactly the steps the table allows them; anyone else sees nothing. */
async function expectViews(w: World, item: Item, state: string, humans: Who[]): Promise<void> {
  const flow = flowOf(item.kind);
  for (const who of humans) {
    const view = await viewOf(w, item, who, state);
    const label = `${who}'s view of ${item.kind} ${item.id} (${state})`;
    if (!viewersOf(item.kind, state).includes(who)) {
      // Held payments are listed on the admin's finance page only, which refuses anyone else.
      expect(view.status, label).toBe(item.kind === 'overpayment' ? 403 : 404);
      continue;
    }
    expect(view.status, label).toBe(200);
    expect(view.state, label).toBe(state);
    expect(view.allowed_actions, label).toEqual(allowedActions(flow, state, who as Exclude<Who, 'stranger'>, factsOf(w, item)));
  }
}

/** A refused attempt answers the expected status and changes nothing: state, ledger, commands, held payments, refunds sent. */
async function expectRefused(w: World, item: Item, action: string, who: Who, status: number): Promise<void> {
  const label = `${who} ${item.kind} ${action} on ${item.id}`;
  const before = await moneySnapshot(w, item);
  const res = await attempt(w, item, action, who);
  await drain(w);
  expect(res.status, `${label}: ${res.body ?? ''}`).toBe(status);
  if (res.shown !== undefined) expect(res.shown, label).toBe(false);
  expect(await moneySnapshot(w, item), label).toEqual(before);
}

/**
 * An allowed attempt succeeds and does exactly the row's work: the state becomes `to`, the item
 * gains the row's ledger movements and nothing else moves, a card payment's refund becomes one
 * command, which the worker then sends once.
 */
async function expectTaken(w: World, item: Item, from: string, action: string, who: Who, profile: Profile): Promise<void> {
  const label = `${who} ${item.kind} ${action} on ${item.id}`;
  const e = expectAttempt(w, item, from, action, who);
  if (!e.ok) throw new Error(`${label}: expected to be allowed`);
  const t = e.transition;
  const others = async () => (await moneySnapshot(w)).movements - (await instalmentMovementsOf(w, item));
  const before = { kinds: await movementKinds(w, item), all: await others(), commands: await commandsOf(w, item), refund: item.refund };
  const mode = modeFor(w, item, t, profile.refund);
  setStandIn(w, mode);
  const res = await attempt(w, item, action, who);
  await drain(w);
  setStandIn(w, 'ok');
  if (who !== 'system') expect(res.status, `${label}: ${res.body}`).toBe(200);
  if (res.shown !== undefined) expect(res.shown, label).toBe(true);
  learn(w, item, t, who, mode);

  expect(await stateOf(w, item), label).toBe(t.to ?? from);
  expect(await movementKinds(w, item), label).toEqual([...before.kinds, ...(t.ledger ?? [])]);
  expect(await others(), `${label}: no other item's money moved`).toBe(before.all + (t.ledger?.length ?? 0));
  const commands = await commandsOf(w, item);
  const refunds = t.command === 'refund' && w.stand !== undefined && item.cardPayment !== null;
  expect(commands.length, `${label}: refund commands`).toBe(before.commands.length + (refunds ? 1 : 0));
  if (refunds) {
    expect(commands.at(-1), label).toMatchObject({ status: mode === 'refusing' ? 'failed' : 'pending', amount_cents: item.amounts.total, payment_reference: item.cardPayment });
  }
  if (action === 'record_refund' && before.refund === 'failed') expect(commands.at(-1)?.status, `${label}: the failed refund is settled by hand`).toBe('settled_by_hand');
  if (action === 'read_auth_code') expect(JSON.parse(res.body ?? '{}'), label).toEqual({ auth_code: item.authCode });
  await expectLedgerBalanced(w.t, w.admin);

  // A refund waiting for the processor is sent once it answers, once, for the whole payment.
  if (refunds && mode === 'failing') {
    setStandIn(w, 'ok');
    await sendRefundsNow(w, item);
    expect(await stateOf(w, item), `${label}: refund sent`).toBe('refunded');
    expect(await movementKinds(w, item), label).toEqual([...before.kinds, ...(t.ledger ?? []), 'refund_sent']);
    expect(refundsDone(w, item.cardPayment!).map((c) => c.form.amount), label).toEqual([String(item.amounts.total)]);
    await expectLedgerBalanced(w.t, w.admin);
  }
}

async function walkRow(w: World, kind: EscrowKind, row: AnyTransition, from: string, profile: Profile): Promise<void> {
  const flow = flowOf(kind);
  const way = wayOf(kind, row.action);
  // Every role the row names must have a way to take it: a step the test cannot drive fails here.
  for (const role of row.by) {
    if (role === 'system' ? !way.system : !way.human) throw new Error(`No way for the ${role} to take ${kind} ${row.action}: add one to ways in escrow-support.ts`);
  }
  const humans: Who[] = [...flow.roles.filter((r) => r !== 'system'), 'stranger'];
  // A step only the system takes has no route at all: people cannot even try it (their pages must not offer it, checked below).
  const tries: Who[] = [...(way.human ? humans : []), ...(row.by.includes('system') ? (['system'] as const) : [])];

  const first = await bring(w, kind, from, profile);
  await expectViews(w, first, from, humans);
  const facts = factsOf(w, first);
  const expected = tries.map((who) => ({ who, e: expectAttempt(w, first, from, row.action, who) }));
  // With the fact the row needs, every role it names takes the step (unless the system's way does not reach this item: no card processor, no refund to send).
  if (!row.when || facts[row.when]) {
    for (const role of row.by) {
      const e = expected.find((x) => x.who === role)?.e;
      const unreachable = role === 'system' && !way.system?.reaches(w, first);
      expect(e?.ok || unreachable, `${role} may take ${kind} ${row.action} from ${from}, says the table`).toBe(true);
    }
  }

  // The refusals first, all on the first item: each is checked to change nothing, so the next finds it as it was.
  for (const { who, e } of expected) if (!e.ok) await expectRefused(w, first, row.action, who, e.status);
  // Each allowed role on an item of its own.
  let item: Item | undefined = first;
  for (const { who } of expected.filter((x) => x.e.ok)) {
    item ??= await bring(w, kind, from, profile);
    await expectTaken(w, item, from, row.action, who, profile);
    item = undefined;
  }
}

/**
 * In `state`, every step the table does not allow there is refused to everyone who tries it, and
 * changes nothing: the rows' own tests cover the steps it allows. The system's ways are tried too
 * (a sweep at the item's deadline, the refund worker), but not a card payment: one the item
 * cannot take is not refused, it is held as an overpayment (the property test covers those).
 */
async function walkState(w: World, kind: EscrowKind, state: string, profile: Profile): Promise<void> {
  const flow = flowOf(kind);
  const item = await bring(w, kind, state, profile);
  const before = await moneySnapshot(w, item);
  const humans: Who[] = [...flow.roles.filter((r) => r !== 'system'), 'stranger'];
  let tried = 0;
  for (const action of Object.keys(flow.actions)) {
    const way = wayOf(kind, action);
    const system = way.system && !way.system.pays && flow.transitions.some((t) => t.action === action && t.by.includes('system'));
    for (const who of [...(way.human ? humans : []), ...(system ? (['system'] as const) : [])]) {
      const e = expectAttempt(w, item, state, action, who);
      if (e.ok) continue;
      const label = `${who} ${kind} ${action} in ${state}`;
      const res = await attempt(w, item, action, who);
      await drain(w);
      expect(res.status, `${label}: ${res.body ?? ''}`).toBe(e.status);
      if (res.shown !== undefined) expect(res.shown, label).toBe(false);
      expect(await moneySnapshot(w, item), label).toEqual(before);
      tried += 1;
    }
  }
  expect(tried).toBeGreaterThan(0);
}

/** The ways an item can be paid on reaching `state` (by card, by bank), with the other facts as they come. */
function statesProfiles(kind: EscrowKind, state: string, card: boolean): Profile[] {
  const { transitions } = pathTo(kind, state);
  const paid = kind === 'overpayment' || transitions.some((t) => t.ledger?.includes('payment'));
  const pays: Profile['pay'][] = kind === 'overpayment' ? ['card'] : card && paid ? ['card', 'bank'] : ['bank'];
  return pays.map((pay) => ({ pay, transfer: 'push', dns: false, refund: 'pending' }));
}

describe.each([
  { app: 'card payments through the Stripe stand-in', card: true },
  { app: 'bank transfers only', card: false },
])(`the escrow tables walked row by row, $app (${testDialect})`, ({ card }) => {
  let w: World;
  beforeAll(async () => {
    w = await createEscrowWorld({ card });
  }, 120_000);
  afterAll(() => w.close());

  // Held payments are card payments a card processor reported: the app without one has none.
  for (const kind of escrowKinds.filter((k) => card || k !== 'overpayment')) {
    describe(kind, () => {
      for (const row of flowOf(kind).transitions) {
        for (const from of row.from) {
          for (const profile of profilesFor(kind, row, from, card)) {
            it(`${row.action} from ${from} (${describeProfile(kind, row, from, profile, card)})`, () => walkRow(w, kind, row, from, profile), TIMEOUT);
          }
        }
      }
      for (const state of statesOf(flowOf(kind))) {
        for (const profile of statesProfiles(kind, state, card)) {
          const paid = kind === 'overpayment' || pathTo(kind, state).transitions.some((t) => t.ledger?.includes('payment'));
          it(`in ${state}${paid ? `, paid by ${profile.pay}` : ''}, every step the table does not allow is refused to everyone`, () => walkState(w, kind, state, profile), TIMEOUT);
        }
      }
    });
  }
});
