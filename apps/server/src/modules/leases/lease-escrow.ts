import {
  apiErrors,
  asCents,
  type DnsRecord,
  type EscrowRole,
  formatCents,
  formatUtcDateTime,
  instalmentFlow,
  LEASE_END_DAYS,
  LEASE_FIRST_PAY_DAYS,
  LEASE_WARNING_DAYS,
  leaseFlow,
  leaseMessages as lm,
} from '@market/shared';
import type { Executor } from '../../db/database.js';
import type { ZoneWriter } from '../../dns/zones.js';
import { passToBuyer, updateDomain } from '../domains/index.js';
import { type EscrowEngine, type EscrowKindSpec, type StepInput, SYSTEM } from '../escrow/index.js';
import { theirs, type Notice } from '../notifications/index.js';
import * as repo from './leases.repository.js';
import type { InstalmentView, LeaseView } from './leases.repository.js';

export const leaseLink = (id: number) => `/leases/${id}`;

/** A lease with what its pages and next-step sentences say of its instalments. */
export type LeaseItem = LeaseView & {
  instalments: InstalmentView[];
  /** The earliest instalment still due. */
  next: InstalmentView | undefined;
  paid_cents: number;
  remaining_cents: number;
};

/** What a lease still owes and has paid (amounts before the lessee's share of the commission). */
export function withInstalments(l: LeaseView, instalments: InstalmentView[]): LeaseItem {
  const due = instalments.filter((i) => i.status === 'due');
  const paid = instalments.filter((i) => i.status === 'paid' || i.status === 'paid_out');
  return {
    ...l,
    instalments,
    next: due[0],
    paid_cents: paid.reduce((s, i) => s + i.amount_cents, 0),
    remaining_cents: due.reduce((s, i) => s + i.amount_cents, 0),
  };
}

export async function loadLease(db: Executor, id: number): Promise<LeaseItem | undefined> {
  const l = await repo.findLease(db, id);
  return l ? withInstalments(l, await repo.instalmentsOf(db, id)) : undefined;
}

interface DnsSnapshot {
  landing: number;
  records: DnsRecord[];
}

async function recordsOf(trx: Executor, domainId: number): Promise<DnsRecord[]> {
  return (await trx.selectFrom('dns_records').select(['name', 'type', 'content', 'ttl', 'priority']).where('domain_id', '=', domainId).orderBy('position').execute()) as DnsRecord[];
}

async function putRecords(trx: Executor, domainId: number, records: DnsRecord[]): Promise<void> {
  await trx.deleteFrom('dns_records').where('domain_id', '=', domainId).execute();
  if (records.length > 0) await trx.insertInto('dns_records').values(records.map((r, position) => ({ domain_id: domainId, position, ...r }))).execute();
}

const noticeBase = (link: string) => ({ link, linkLabel: 'Open the lease', category: 'lease', leadId: null });

/** Which instalment of how many, in words. */
const which = (i: InstalmentView) => (i.payoff ? 'the payoff' : `instalment ${i.number}`);

function leaseNoticeText(action: string, role: EscrowRole, l: LeaseItem, input: StepInput, by: EscrowRole): { subject: string; message: string } {
  const domain = l.domain_unicode;
  const settled = (what: string) => `The dispute on the lease of ${domain} was settled: ${what}. ${input.patch?.resolution_note ? theirs(String(input.patch.resolution_note)) : ''}`.trim();
  const texts: Record<string, Partial<Record<EscrowRole, [string, string]>>> = {
    cancel: {
      buyer: ['lease cancelled', `The lease of ${domain} was cancelled by the ${by}.`],
      seller: ['lease cancelled', `The lease of ${domain} was cancelled by the ${by}; the name is listed again.`],
    },
    lapse: {
      buyer: ['lease lapsed', `Your lease of ${domain} lapsed: the first instalment was not paid within ${LEASE_FIRST_PAY_DAYS} days.`],
      seller: ['lease lapsed', `The lease of ${domain} lapsed unpaid; the name is listed again.`],
    },
    activate: {
      buyer: ['lease started', `Your lease of ${domain} started: its DNS records are yours to set now, from your portfolio.`],
      seller: ['lease started', `The lease of ${domain} started: the lessee controls its DNS until it ends or passes to them.`],
    },
    pay_off: { seller: ['early payoff asked', `The lessee of ${domain} asked to pay off the remainder: it is one instalment now.`] },
    all_paid: {
      buyer: ['paid in full', `You paid ${domain} in full. The seller now transfers it to you.`],
      seller: ['paid in full', `The lessee paid ${domain} in full: please start the transfer to them.`],
    },
    end: {
      buyer: ['lease ended', `Your lease of ${domain} ended: an instalment was ${LEASE_END_DAYS} days late. DNS control returned to the seller; the instalments paid stay with the seller.`],
      seller: ['lease ended', `The lease of ${domain} ended: an instalment was ${LEASE_END_DAYS} days late. DNS control is yours again and the name is listed again.`],
    },
    start_transfer: { buyer: ['transfer started', `The seller started the transfer of ${domain}. Confirm once it is yours.`] },
    confirm: { seller: ['transfer confirmed', `The lessee confirmed receiving ${domain}: the lease is complete.`] },
    auto_confirm: {
      buyer: ['transfer confirmed', `The transfer of ${domain} is confirmed by its DNS proof.`],
      seller: ['transfer confirmed', `The transfer of ${domain} is confirmed by its DNS proof: the lease is complete.`],
    },
    dispute: {
      buyer: ['dispute opened', `The ${by} opened a dispute on the lease of ${domain}. Our team will decide and tell you both.`],
      seller: ['dispute opened', `The ${by} opened a dispute on the lease of ${domain}. Our team will decide and tell you both.`],
    },
    resolve_transfer: { buyer: ['dispute settled', settled('the name passes to the lessee')], seller: ['dispute settled', settled('the name passes to the lessee')] },
    resolve_end: { buyer: ['dispute settled', settled('the lease ends')], seller: ['dispute settled', settled('the lease ends')] },
  };
  const text = texts[action]?.[role];
  if (!text) throw new Error(`lease ${action}: no notice for the ${role}`);
  return { subject: `${domain}: ${text[0]}`, message: text[1] };
}

function instalmentNoticeText(action: string, role: EscrowRole, i: InstalmentView, input: StepInput): { subject: string; message: string } {
  const domain = i.domain_unicode;
  const total = formatCents(i.buyer_total_cents);
  const net = formatCents(i.seller_net_cents);
  const due = formatUtcDateTime(i.due_at);
  const texts: Record<string, Partial<Record<EscrowRole, [string, string]>>> = {
    record_payment: {
      buyer: ['instalment received', `We received ${which(i)} of your lease of ${domain}: ${total}.`],
      seller: ['instalment paid', `The lessee paid ${which(i)} of the lease of ${domain}: your payout of ${net} is on its way.`],
    },
    remind: { buyer: ['instalment due soon', `Reminder: ${which(i)} of your lease of ${domain}, ${total}, is due ${due}.`] },
    warn: {
      buyer: ['instalment late', `${which(i)} of your lease of ${domain} (${total}) was due ${due} and is ${LEASE_WARNING_DAYS} days late. Unpaid ${LEASE_END_DAYS} days after its date, the lease ends and the name returns to the seller.`],
      seller: ['instalment late', `${which(i)} of the lease of ${domain} is ${LEASE_WARNING_DAYS} days late. We have warned the lessee.`],
    },
    record_payout: { seller: ['payout sent', `We sent your payout of ${net} for ${which(i)} of the lease of ${domain} (reference ${input.reference ?? ''}).`] },
    resolve_refund: {
      buyer: ['instalment refunded', `${which(i)} of your lease of ${domain} (${total}) is being refunded to you.`],
      seller: ['instalment refunded', `${which(i)} of the lease of ${domain} is refunded to the lessee.`],
    },
    record_refund: { buyer: ['refund sent', `We refunded ${total} for ${which(i)} of the lease of ${domain} (reference ${input.reference ?? ''}).`] },
    refund_sent: { buyer: ['refund sent', `We refunded ${total} for ${which(i)} of the lease of ${domain} to your card (reference ${input.reference ?? ''}).`] },
  };
  const text = texts[action]?.[role];
  if (!text) throw new Error(`instalment ${action}: no notice for the ${role}`);
  return { subject: `${domain}: ${text[0]}`, message: text[1] };
}

function leasePatch(action: string, _l: LeaseItem, _input: StepInput, now: Date): Record<string, unknown> {
  const at = now.toISOString();
  const patch: Record<string, unknown> = { updated_at: at };
  if (action === 'activate') patch.started_at = at;
  if (action === 'cancel' || action === 'lapse') patch.cancelled_at = at;
  if (action === 'end' || action === 'resolve_end') patch.ended_at = at;
  if (action === 'start_transfer') patch.transfer_started_at = at;
  if (action === 'confirm' || action === 'auto_confirm' || action === 'resolve_transfer') patch.completed_at = at;
  return patch;
}

function instalmentPatch(action: string, _i: InstalmentView, input: StepInput, now: Date): Record<string, unknown> {
  const at = now.toISOString();
  const patch: Record<string, unknown> = { updated_at: at };
  if (action === 'record_payment') {
    patch.paid_at = at;
    if (input.cardPayment) patch.card_payment_id = input.cardPayment;
  }
  if (action === 'record_payout') patch.payout_at = at;
  if (action === 'record_refund' || action === 'refund_sent') patch.refunded_at = at;
  return patch;
}

/** Open states of a lease: the name is held for the lessee (not listed, DNS theirs once started). */
export const OPEN_LEASE_STATES = ['awaiting_payment', 'active', 'paid_off', 'transfer_in_progress', 'disputed'] as const;

/** Leases as the escrow engine moves them (the lease flow in packages/shared says how). */
export function leaseSpec(engine: EscrowEngine, zones: ZoneWriter): EscrowKindSpec<LeaseItem> {
  /** Every instalment still due is closed: waived before the lease started, missed after. */
  async function closeInstalments(trx: Executor, l: LeaseItem, action = l.status === 'awaiting_payment' ? 'waive' : 'miss'): Promise<Notice[]> {
    const notices: Notice[] = [];
    for (const i of await repo.instalmentsOf(trx, l.id)) {
      if (i.status !== 'due') continue;
      notices.push(...(await engine.stepIn(trx, 'instalment', i, action, SYSTEM)).notices);
    }
    return notices;
  }
  return {
    flow: leaseFlow,
    table: 'leases',
    load: (db, id) => loadLease(db, id),
    amounts: () => ({ total: asCents(0), net: asCents(0), commission: asCents(0) }),
    provider: (l) => l.provider,
    cardPayment: () => null,
    parties: (l) => ({ buyer: l.buyer_id, seller: l.seller_id }),
    liveEvent: (l) => ({ kind: 'lease', id: l.id }),
    facts: (l) => ({
      auth_code: l.auth_code_secret !== null,
      dns_verified: l.dns_verified_at !== null,
      dns_unverified: l.dns_token !== null && l.dns_verified_at === null,
    }),
    stepPatch: leasePatch,
    history: (trx, l, to, note, actorId, at) => repo.insertEvent(trx, { lease_id: l.id, instalment_id: null, status: to, note, actor_id: actorId, created_at: at }),
    effects: {
      relist_domain: (trx, l, at) => updateDomain(trx, l.domain_id, { sale_status: 'available', updated_at: at }),
      close_instalments: (trx, l) => closeInstalments(trx, l),
      waive_instalments: (trx, l) => closeInstalments(trx, l, 'waive'),
      hand_dns_to_lessee: async (trx, l, at) => {
        // The seller's records as they were, put back if the lease ends; the lessee starts from them.
        const domain = await trx.selectFrom('domains').select('dns_landing').where('id', '=', l.domain_id).executeTakeFirstOrThrow();
        const snapshot: DnsSnapshot = { landing: domain.dns_landing, records: await recordsOf(trx, l.domain_id) };
        await repo.updateLease(trx, l.id, { dns_snapshot: JSON.stringify(snapshot) });
        await updateDomain(trx, l.domain_id, { dns_controller_id: l.buyer_id, updated_at: at });
      },
      return_dns_to_seller: async (trx, l, at) => {
        const fresh = await repo.findLease(trx, l.id);
        const snapshot: DnsSnapshot = fresh?.dns_snapshot ? (JSON.parse(fresh.dns_snapshot) as DnsSnapshot) : { landing: 1, records: [] };
        await putRecords(trx, l.domain_id, snapshot.records);
        await updateDomain(trx, l.domain_id, { dns_controller_id: null, dns_landing: snapshot.landing, updated_at: at });
        await zones.sync(trx, l.domain_id);
      },
      pass_domain_to_buyer: async (trx, l, at) => {
        // The lessee's records stay: their site goes on answering once the name is approved for them.
        const records = await recordsOf(trx, l.domain_id);
        const { dns_landing } = await trx.selectFrom('domains').select('dns_landing').where('id', '=', l.domain_id).executeTakeFirstOrThrow();
        await passToBuyer(trx, { domainId: l.domain_id, sellerId: l.seller_id, buyerId: l.buyer_id, orderId: l.id, at });
        await putRecords(trx, l.domain_id, records);
        await updateDomain(trx, l.domain_id, { dns_controller_id: null, dns_landing, lease_months: null, lease_down_payment_cents: asCents(0), lease_rate_bp: 0 });
        // It arrives pending approval: our nameservers stop answering for it until approved again.
        await zones.sync(trx, l.domain_id);
      },
    },
    notice: (action, role, l, input, by) => ({ ...leaseNoticeText(action, role, l, input, by), ...noticeBase(leaseLink(l.id)) }),
    label: (l) => `Lease #${l.id}, ${l.domain_unicode}`,
    link: (l) => leaseLink(l.id),
    holdings: async (db) =>
      (await db.selectFrom('leases').select(['id', 'status']).execute()).map((l) => ({ id: l.id, status: l.status, amounts: { total: asCents(0), net: asCents(0), commission: asCents(0) } })),
    nextStepVars: (l) => {
      const first = l.instalments[0];
      return {
        domain: l.domain_unicode,
        first_total: first ? formatCents(first.buyer_total_cents) : '',
        pay_by: formatUtcDateTime(l.pay_by),
        reference: first?.payment_reference ?? '',
        next_total: l.next ? formatCents(l.next.buyer_total_cents) : '',
        next_due: l.next ? formatUtcDateTime(l.next.due_at) : '',
        remaining: formatCents(asCents(l.remaining_cents)),
        completed_at: formatUtcDateTime(l.completed_at),
        ended_at: formatUtcDateTime(l.ended_at),
      };
    },
    messages: {
      notFound: lm.notFound,
      outOfOrder: lm.outOfOrder,
      forbidden: (roles) => (roles.includes('buyer') ? lm.buyerOnly : roles.includes('seller') ? lm.sellerOnly : apiErrors.permissionDenied),
      amountMismatch: (expected) => lm.amountMismatch(formatCents(expected)),
    },
  };
}

/** Instalments as the escrow engine moves them. */
export function instalmentSpec(engine: EscrowEngine): EscrowKindSpec<InstalmentView> {
  return {
    flow: instalmentFlow,
    table: 'lease_instalments',
    load: (db, id) => repo.findInstalment(db, id),
    bySession: (db, sessionId) => repo.findInstalmentBySession(db, sessionId),
    amounts: (i) => ({ total: i.buyer_total_cents, net: i.seller_net_cents, commission: asCents(i.buyer_total_cents - i.seller_net_cents) }),
    provider: (i) => i.provider,
    cardPayment: (i) => i.card_payment_id,
    parties: (i) => ({ buyer: i.buyer_id, seller: i.seller_id }),
    liveEvent: (i) => ({ kind: 'lease', id: i.lease_id }),
    stepPatch: instalmentPatch,
    history: (trx, i, to, note, actorId, at) => repo.insertEvent(trx, { lease_id: i.lease_id, instalment_id: i.id, status: to, note: `${i.payoff ? 'Payoff' : `Instalment ${i.number}`}: ${note}`, actor_id: actorId, created_at: at }),
    effects: {
      // The first instalment starts the lease; the last (or the payoff) pays it in full.
      advance_lease: async (trx, i) => {
        const notices: Notice[] = [];
        let lease = await loadLease(trx, i.lease_id);
        if (!lease) throw new Error(`instalment ${i.id}: no lease`);
        if (lease.status === 'awaiting_payment') {
          notices.push(...(await engine.stepIn(trx, 'lease', lease, 'activate', SYSTEM)).notices);
          lease = (await loadLease(trx, i.lease_id))!;
        }
        const left = (await repo.instalmentsOf(trx, i.lease_id)).filter((x) => x.status === 'due');
        if (left.length === 0 && (lease.status === 'active' || lease.status === 'disputed')) {
          notices.push(...(await engine.stepIn(trx, 'lease', lease, 'all_paid', SYSTEM)).notices);
        }
        return notices;
      },
    },
    notice: (action, role, i, input) => ({ ...instalmentNoticeText(action, role, i, input), ...noticeBase(leaseLink(i.lease_id)) }),
    label: (i) => `Lease #${i.lease_id}, ${i.domain_unicode}, ${which(i)}`,
    link: (i) => leaseLink(i.lease_id),
    holdings: async (db) =>
      (await db.selectFrom('lease_instalments').select(['id', 'status', 'buyer_total_cents', 'seller_net_cents']).execute()).map((i) => {
        const total = asCents(Number(i.buyer_total_cents));
        const net = asCents(Number(i.seller_net_cents));
        return { id: i.id, status: i.status, amounts: { total, net, commission: asCents(total - net) } };
      }),
    nextStepVars: (i) => ({
      amount: formatCents(i.buyer_total_cents),
      net: formatCents(i.seller_net_cents),
      due_at: formatUtcDateTime(i.due_at),
      paid_at: formatUtcDateTime(i.paid_at),
      refunded_at: formatUtcDateTime(i.refunded_at),
      reference: i.payment_reference,
    }),
    messages: {
      notFound: lm.instalmentNotFound,
      outOfOrder: lm.instalmentOutOfOrder,
      forbidden: (roles) => (roles.includes('buyer') ? lm.buyerOnly : apiErrors.permissionDenied),
      amountMismatch: (expected) => lm.amountMismatch(formatCents(expected)),
    },
  };
}
