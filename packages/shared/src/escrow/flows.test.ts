import { describe, expect, it } from 'vitest';
import { asCents } from '../money.js';
import { allowedActions, checkStep, type EscrowFacts, type EscrowFlow, type EscrowRole, escrowConditions, finalStates, statesOf } from './flow.js';
import { escrowFlows } from './index.js';
import { expectedHoldings, heldAccounts, movementKinds, postingsFor } from './ledger.js';

const amounts = { total: asCents(110_000), net: asCents(95_000), commission: asCents(15_000) };
const allFacts = (value: boolean): EscrowFacts => Object.fromEntries(escrowConditions.map((c) => [c, value])) as unknown as EscrowFacts;

describe('ledger movements', () => {
  it.each(movementKinds)('%s balances to zero', (kind) => {
    const postings = postingsFor(kind, amounts);
    expect(postings.length).toBeGreaterThan(1);
    expect(postings.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(0);
  });

  it('refuses amounts that do not add up', () => {
    expect(() => postingsFor('payment', { total: asCents(100), net: asCents(90), commission: asCents(5) })).toThrow(/do not add up/);
  });
});

describe.each(Object.values(escrowFlows) as unknown as EscrowFlow<string, string, EscrowRole>[])('the $kind flow', (flow) => {
  it('moves exactly the money its states say they hold, on every transition', () => {
    for (const t of flow.transitions) {
      for (const from of t.from) {
        const before = expectedHoldings(flow.states[from]!.holds, amounts);
        const after = t.to ? expectedHoldings(flow.states[t.to]!.holds, amounts) : before;
        // Held accounts are liabilities: a credit (negative posting) raises what is held.
        const moved = Object.fromEntries(heldAccounts.map((a) => [a, 0])) as Record<string, number>;
        for (const kind of t.ledger ?? []) for (const p of postingsFor(kind, amounts)) if (p.account in moved) moved[p.account]! -= p.amount_cents;
        for (const account of heldAccounts) expect(before[account] + moved[account]!, `${t.action} from ${from}: ${account}`).toBe(after[account]);
      }
    }
  });

  it('says in words what each party does next in every state they can act in', () => {
    for (const state of statesOf(flow)) {
      for (const role of flow.roles.filter((r) => r !== 'system' && r !== 'admin')) {
        if (allowedActions(flow, state, role, allFacts(true)).length > 0) expect(flow.states[state]!.next?.[role], `${state} for ${role}`).toBeTruthy();
      }
    }
  });

  it('refuses a role that never takes a step, and a step out of its state', () => {
    for (const t of flow.transitions) {
      for (const role of flow.roles) {
        const check = checkStep(flow, t.action, t.from[0]!, role, allFacts(true));
        const anyRow = flow.transitions.some((other) => other.action === t.action && other.by.includes(role));
        expect(check.ok || check.reason === (anyRow ? 'out_of_order' : 'forbidden')).toBe(true);
      }
      for (const final of finalStates(flow)) {
        for (const role of t.by) expect(checkStep(flow, t.action, final, role, allFacts(true)).ok).toBe(false);
      }
    }
  });

  it('offers a step that needs a fact only when the item has it', () => {
    for (const t of flow.transitions.filter((row) => row.when)) {
      const without = { ...allFacts(true), [t.when!]: false };
      const others = flow.transitions.filter((row) => row !== t && row.action === t.action && row.from.includes(t.from[0]!) && !row.when);
      if (others.length === 0) expect(allowedActions(flow, t.from[0]!, t.by[0]!, without)).not.toContain(t.action);
    }
  });
});
