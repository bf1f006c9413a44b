import { asCents,
  DAY_MS,
  type AdminMilestone,
  type Engagement,
  engagementMessages as em,
  type EngagementMessage,
  formatCents,
  MASKED_CONTACT,
} from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced as expectBalanced, listForBuyNow, movementsOf } from '../../test/deals-support.js';
import { registerFreelancer as registerOne } from '../../test/freelancer-support.js';
import { adminToken, bearer, createTestApp, errorOf, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST';

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe(`engagements: hiring a freelancer, milestones in escrow (${testDialect})`, () => {
  let t: TestApp;
  let client: User;
  let freelancer: User;
  let seller: User;
  let stranger: User;
  let admin: string;
  let domainId = 0;

  const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const ok = async <T = Engagement>(method: Method, url: string, token: string, payload?: Record<string, unknown>, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return json<T>(res);
  };
  const expectLedgerBalanced = () => expectBalanced(t, admin);

  const registerFreelancer = (first_name: string): Promise<User> => registerOne(t.app, first_name);

  const request = (overrides: Record<string, unknown> = {}, who: User = client) =>
    ok('POST', '/api/engagements/', who.token, { freelancer_id: freelancer.user.id, title: 'A logo', brief: 'A logo for my new domain.', budget_cents: 120_000, deadline: inDays(30), ...overrides }, 201);

  /** A request the freelancer accepted as sent: one milestone of the whole budget. */
  async function hired(overrides: Record<string, unknown> = {}): Promise<Engagement> {
    const e = await request(overrides);
    return ok('POST', `/api/engagements/${e.id}/accept/`, freelancer.token, { terms_version: e.terms_version });
  }
  const fund = (m: { id: number; amount_cents: number }) =>
    ok<AdminMilestone>('POST', `/api/admin/milestones/${m.id}/payment/`, admin, { reference: `BANK-M${m.id}`, amount_cents: m.amount_cents });

  beforeAll(async () => {
    t = await createTestApp({ engagements: { commissionPercent: 10, requestsPerHourPerUser: 1000, messagesPerMinutePerUser: 1000 } });
    [client, seller, stranger] = await Promise.all([registerUser(t.app, { first_name: 'Cleo' }), registerUser(t.app, { first_name: 'Sal' }), registerUser(t.app)]);
    freelancer = await registerFreelancer('Grace');
    admin = await adminToken(t.app);
    domainId = (await listForBuyNow(t, client.token, admin, { 'cleos-own.com': 4000 }))['cleos-own.com'] ?? 0;
  });
  afterAll(() => t.close());

  it('hires through a proposal of two milestones and pays each from escrow to payout', async () => {
    const sent = await request({ domain_id: domainId });
    expect(sent).toMatchObject({ status: 'requested', role: 'client', budget_cents: 120_000, domain_name: 'cleos-own.com', commission_percent: 10, terms_version: 1 });
    expect(sent.milestones).toMatchObject([{ title: 'A logo', amount_cents: 120_000, status: 'proposed' }]);

    const proposal = { deadline: inDays(40), milestones: [{ title: 'Sketches', amount_cents: 50_000, due_date: inDays(10) }, { title: 'Final logo', amount_cents: 100_050, due_date: inDays(40) }], note: 'Two steps.' };
    const proposed = await ok('POST', `/api/engagements/${sent.id}/propose/`, freelancer.token, proposal);
    expect(proposed).toMatchObject({ status: 'proposed', budget_cents: 150_050, terms_version: 2, role: 'freelancer' });
    expect(proposed.milestones.map((m) => [m.title, m.amount_cents, m.commission_cents, m.freelancer_net_cents])).toEqual([
      ['Sketches', 50_000, 5_000, 45_000],
      ['Final logo', 100_050, 10_005, 90_045],
    ]);

    // The client read version 1: accepting it now is refused, the terms having changed.
    const stale = await call('POST', `/api/engagements/${sent.id}/accept/`, client.token, { terms_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toEqual({ detail: em.termsChanged });
    // The freelancer cannot accept their own proposal.
    expect((await call('POST', `/api/engagements/${sent.id}/accept/`, freelancer.token, { terms_version: 2 })).statusCode).toBe(409);

    const active = await ok('POST', `/api/engagements/${sent.id}/accept/`, client.token, { terms_version: 2 });
    expect(active.status).toBe('active');
    expect(active.milestones.map((m) => m.status)).toEqual(['awaiting_funding', 'awaiting_funding']);
    const [first, second] = active.milestones;
    if (!first || !second) throw new Error('two milestones');
    expect(first.payment_instructions).toMatchObject({ reference: first.payment_reference, amount_cents: 50_000 });
    expect(first.payment_reference).toMatch(/^FM-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // The freelancer sees no bank instructions, only what comes next.
    const seen = await ok('GET', `/api/engagements/${sent.id}/`, freelancer.token);
    expect(seen.milestones[0]?.payment_instructions).toBeNull();
    expect(seen.milestones[0]?.next_step).toContain('Waiting for the client');

    // Only the freelancer delivers, and only once funded.
    expect((await call('POST', `/api/engagements/milestones/${first.id}/deliver/`, freelancer.token, { note: 'early' })).statusCode).toBe(409);
    const wrong = await call('POST', `/api/admin/milestones/${first.id}/payment/`, admin, { reference: 'BANK-X', amount_cents: 49_999 });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({ amount_cents: [em.amountMismatch(formatCents(asCents(50_000)))] });
    expect((await fund(first)).status).toBe('funded');
    expect((await call('POST', `/api/admin/milestones/${first.id}/payment/`, admin, { reference: 'BANK-2', amount_cents: 50_000 })).statusCode).toBe(409);
    await expectLedgerBalanced();

    expect((await call('POST', `/api/engagements/milestones/${first.id}/deliver/`, client.token, { note: 'x' })).statusCode).toBe(403);
    const delivered = await ok('POST', `/api/engagements/milestones/${first.id}/deliver/`, freelancer.token, { note: 'Three sketches attached.' });
    const d = delivered.milestones[0];
    expect(d).toMatchObject({ status: 'delivered', delivery_note: 'Three sketches attached.' });
    expect(Date.parse(d?.approve_by ?? '') - Date.parse(d?.delivered_at ?? '')).toBe(5 * DAY_MS);

    expect((await call('POST', `/api/engagements/milestones/${first.id}/approve/`, freelancer.token)).statusCode).toBe(403);
    // Two clicks at once move it once.
    const clicks = await Promise.all([1, 2].map(() => call('POST', `/api/engagements/milestones/${first.id}/approve/`, client.token)));
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const approved = await ok('GET', `/api/engagements/${sent.id}/`, client.token);
    expect(approved.milestones[0]?.status).toBe('approved');
    expect(approved.events.filter((e) => e.status === 'approved')).toHaveLength(1);
    const due = await ok<{ payouts_due_cents: number }>('GET', '/api/admin/finance/', admin);
    expect((await ok<AdminMilestone[]>('GET', '/api/admin/milestones/?status=approved', admin)).find((m) => m.id === first.id)?.next_step).toBe('Send the freelancer $450.00 and record the payout.');

    const paid = await ok<AdminMilestone>('POST', `/api/admin/milestones/${first.id}/payout/`, admin, { reference: 'PAYOUT-1' });
    // The finance page's payouts due counted the milestone's net until it was paid.
    expect((await ok<{ payouts_due_cents: number }>('GET', '/api/admin/finance/', admin)).payouts_due_cents).toBe(due.payouts_due_cents - 45_000);
    expect(paid).toMatchObject({ status: 'paid_out', engagement_id: sent.id });
    expect(await movementsOf(t, 'milestone', first.id)).toEqual([
      { kind: 'payment', reference: `BANK-M${first.id}`, postings: { clearing: 50_000, escrow: -50_000 } },
      { kind: 'release', reference: 'Approved by the client', postings: { escrow: 50_000, payable: -45_000, commission: -5_000 } },
      { kind: 'payout_sent', reference: 'PAYOUT-1', postings: { payable: 45_000, clearing: -45_000 } },
    ]);
    await expectLedgerBalanced();

    // Both parties see it paid out; the engagement is not closed while the second milestone is open.
    for (const who of [client, freelancer]) {
      const view = await ok('GET', `/api/engagements/${sent.id}/`, who.token);
      expect(view.milestones[0]?.status).toBe('paid_out');
      expect(view.closed).toBe(false);
    }
    const history = (await ok('GET', `/api/engagements/${sent.id}/`, client.token)).events.map((e) => e.status);
    expect(history).toEqual(['requested', 'proposed', 'active', 'funded', 'delivered', 'approved', 'paid_out']);

    // The second: cancelled before funding, and the engagement is over.
    const cancelled = await ok('POST', `/api/engagements/milestones/${second.id}/cancel/`, freelancer.token);
    expect(cancelled.milestones[1]?.status).toBe('cancelled');
    expect(cancelled.closed).toBe(true);
    await expectLedgerBalanced();

    // Notified in the app and by e-mail.
    await t.drainMail();
    expect(t.mailer.sent.some((m) => m.to === freelancer.user.email && m.subject.includes('sent you a request'))).toBe(true);
    expect(t.mailer.sent.some((m) => m.to === freelancer.user.email && m.subject.includes('payout of $450.00'))).toBe(true);
  });

  it('approves a delivery left unanswered for 5 days, once', async () => {
    const e = await hired();
    const m = e.milestones[0]!;
    await fund(m);
    await ok('POST', `/api/engagements/milestones/${m.id}/deliver/`, freelancer.token, { note: 'Done.' });
    expect(await t.app.services.engagements.sweep()).toEqual({ approved: 0 });
    await t.db.kysely.updateTable('engagement_milestones').set({ approve_by: new Date(Date.now() - 1000).toISOString() }).where('id', '=', m.id).execute();
    const [a, b] = await Promise.all([t.app.services.engagements.sweep(), t.app.services.engagements.sweep()]);
    expect(a.approved + b.approved).toBe(1);
    const view = await ok('GET', `/api/engagements/${e.id}/`, client.token);
    expect(view.milestones[0]?.status).toBe('approved');
    expect(view.events.at(-1)?.note).toContain('Approved automatically');
  });

  it('refunds a funded milestone cancelled before delivery, and settles disputes', async () => {
    const e = await hired({ milestones: [{ title: 'One', amount_cents: 30_000, due_date: inDays(5) }, { title: 'Two', amount_cents: 40_000, due_date: inDays(9) }, { title: 'Three', amount_cents: 10_000, due_date: inDays(9) }], budget_cents: 80_000 });
    const [one, two, three] = e.milestones as [Engagement['milestones'][number], Engagement['milestones'][number], Engagement['milestones'][number]];
    await fund(one);
    await fund(two);
    await fund(three);
    // Cancelled while funded: with bank transfers, the refund is due for an admin to send.
    expect((await ok('POST', `/api/engagements/milestones/${one.id}/cancel/`, client.token)).milestones[0]?.status).toBe('refund_due');
    await expectLedgerBalanced();
    expect((await ok<AdminMilestone>('POST', `/api/admin/milestones/${one.id}/refund/`, admin, { reference: 'REFUND-1' })).status).toBe('refunded');
    await expectLedgerBalanced();

    // Delivered, then disputed by the client: released to the freelancer.
    await ok('POST', `/api/engagements/milestones/${two.id}/deliver/`, freelancer.token, { note: 'Here.' });
    expect((await call('POST', `/api/engagements/milestones/${two.id}/cancel/`, client.token)).statusCode).toBe(409);
    const disputed = await ok('POST', `/api/engagements/milestones/${two.id}/dispute/`, client.token, { reason: 'Not what we agreed.' });
    expect(disputed.milestones[1]).toMatchObject({ status: 'disputed', dispute_reason: 'Not what we agreed.' });
    expect((await ok<AdminMilestone[]>('GET', '/api/admin/milestones/?status=disputed', admin)).map((m) => m.id)).toContain(two.id);
    expect((await ok<AdminMilestone>('POST', `/api/admin/milestones/${two.id}/resolve/`, admin, { decision: 'release', note: 'It matches the brief.' })).status).toBe('approved');
    await expectLedgerBalanced();

    // Disputed by the freelancer and refunded.
    await ok('POST', `/api/engagements/milestones/${three.id}/dispute/`, freelancer.token, { reason: 'The client went silent.' });
    expect((await ok<AdminMilestone>('POST', `/api/admin/milestones/${three.id}/resolve/`, admin, { decision: 'refund', note: 'Work not started.' })).status).toBe('refund_due');
    await expectLedgerBalanced();
  });

  it('declines and withdraws requests, and refuses what is not a request to a freelancer', async () => {
    const declined = await request();
    const res = await ok('POST', `/api/engagements/${declined.id}/decline/`, freelancer.token, { reason: 'Fully booked.' });
    expect(res).toMatchObject({ status: 'declined', decline_reason: 'Fully booked.' });
    expect((await call('POST', `/api/engagements/${declined.id}/accept/`, freelancer.token, { terms_version: 1 })).statusCode).toBe(409);

    const withdrawn = await request();
    expect((await ok('POST', `/api/engagements/${withdrawn.id}/withdraw/`, client.token)).status).toBe('withdrawn');

    // Anyone may ask: the last name goes only as its initial (full surnames are for the parties).
    expect(await ok('GET', `/api/engagements/freelancers/${freelancer.user.id}/`, stranger.token)).toEqual({ id: freelancer.user.id, first_name: 'Grace', last_name: 'H.' });
    expect((await call('GET', `/api/engagements/freelancers/${seller.user.id}/`, client.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/engagements/freelancers/${freelancer.user.id}/`)).statusCode).toBe(401);

    const notFreelancer = await call('POST', '/api/engagements/', client.token, { freelancer_id: seller.user.id, title: 'x', brief: 'y', budget_cents: 100, deadline: inDays(3) });
    expect(notFreelancer.statusCode).toBe(400);
    expect(errorOf(notFreelancer)).toEqual({ freelancer_id: [em.notFreelancer] });
    const self = await call('POST', '/api/engagements/', freelancer.token, { freelancer_id: freelancer.user.id, title: 'x', brief: 'y', budget_cents: 100, deadline: inDays(3) });
    expect(errorOf(self)).toEqual({ freelancer_id: [em.notYourself] });
    // Someone else's domain cannot be linked.
    const theirs = await call('POST', '/api/engagements/', stranger.token, { freelancer_id: freelancer.user.id, title: 'x', brief: 'y', budget_cents: 100, deadline: inDays(3), domain_id: domainId });
    expect(errorOf(theirs)).toEqual({ domain_id: [em.domainNotYours] });
    // Amounts are positive whole cents; dates not in the past.
    for (const bad of [{ budget_cents: 0 }, { budget_cents: 10.5 }, { budget_cents: -100 }, { deadline: '2001-01-01' }, { milestones: [] }, { milestones: [{ title: 'a', amount_cents: 0, due_date: inDays(1) }] }]) {
      const r = await call('POST', '/api/engagements/', client.token, { freelancer_id: freelancer.user.id, title: 'x', brief: 'y', budget_cents: 100, deadline: inDays(3), ...bad });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('keeps what users wrote out of e-mail subjects: a hostile title or reason shows in the body only, quoted as theirs', async () => {
    const title = 'Payout blocked” - verify your bank at https://evil.example/verify\nDomain Market Support';
    const reason = 'Your account is suspended: log in at https://evil.example/login';
    // Its own client, so the e-mails other tests count stay theirs.
    const e = await request({ title }, stranger);
    await ok<EngagementMessage>('POST', `/api/engagements/${e.id}/messages/`, stranger.token, { body: 'Hello?' }, 201);
    // Read, so the unread counts other tests look at stay theirs.
    await ok<EngagementMessage[]>('GET', `/api/engagements/${e.id}/messages/`, freelancer.token);
    await ok('POST', `/api/engagements/${e.id}/decline/`, freelancer.token, { reason });
    await t.drainMail();
    const mails = t.mailer.sent.filter((m) => m.text.includes('evil.example'));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [freelancer.user.email, 'Ada Lovelace sent you a request'],
      [freelancer.user.email, 'New message from Ada Lovelace'],
      [stranger.user.email, 'The freelancer declined your request'],
    ]);
    // In the body, their words are in quotes they cannot close, and said to be theirs, not ours.
    const quotedTitle = '“Payout blocked" - verify your bank at https://evil.example/verify Domain Market Support”';
    expect(mails[0]?.text).toContain(`Ada Lovelace sent you a request: ${quotedTitle}, budget $1,200.00.`);
    expect(mails[2]?.text).toContain(`The freelancer declined your request ${quotedTitle}, saying: “${reason}”`);
    for (const mail of mails) expect(mail.text).toContain('Words in “quotes” are as another user of Domain Market wrote them, not ours.');
  });

  it('keeps a conversation between the parties, with contacts hidden until funding and an unread count', async () => {
    const e = await hired();
    const url = `/api/engagements/${e.id}/messages/`;
    await ok<EngagementMessage>('POST', url, client.token, { body: 'Mail me at cleo@example.com or call 087 123 4567.' }, 201);
    expect(await ok<{ unread: number }>('GET', '/api/engagements/unread/', freelancer.token)).toEqual({ unread: 1 });
    expect((await ok('GET', `/api/engagements/${e.id}/`, freelancer.token)).unread_messages).toBe(1);
    const read = await ok<EngagementMessage[]>('GET', url, freelancer.token);
    expect(read.map((m) => m.body)).toEqual([`Mail me at ${MASKED_CONTACT} or call ${MASKED_CONTACT}.`]);
    expect(read[0]?.mine).toBe(false);
    expect(await ok<{ unread: number }>('GET', '/api/engagements/unread/', freelancer.token)).toEqual({ unread: 0 });
    // The sender's own message is not unread for them.
    expect(await ok<{ unread: number }>('GET', '/api/engagements/unread/', client.token)).toEqual({ unread: 0 });

    await fund(e.milestones[0]!);
    const after = await ok<EngagementMessage[]>('GET', url, freelancer.token);
    expect(after[0]?.body).toBe('Mail me at cleo@example.com or call 087 123 4567.');
    expect((await call('POST', url, client.token, { body: '   ' })).statusCode).toBe(400);
    await t.drainMail();
    expect(t.mailer.sent.filter((m) => m.to === freelancer.user.email && m.subject.startsWith('New message from Cleo'))).toHaveLength(1);
  });

  it('refuses a message or an attachment to a request declined or withdrawn, or to an engagement that is over, with 409 and why', async () => {
    const declined = await request();
    await ok('POST', `/api/engagements/${declined.id}/decline/`, freelancer.token, { reason: 'Fully booked.' });
    const withdrawn = await request();
    await ok('POST', `/api/engagements/${withdrawn.id}/withdraw/`, client.token);
    const over = await hired();
    expect((await ok('POST', `/api/engagements/milestones/${over.milestones[0]!.id}/cancel/`, freelancer.token)).closed).toBe(true);

    for (const [e, reason] of [[declined, em.conversationDeclined], [withdrawn, em.conversationWithdrawn], [over, em.conversationOver]] as const) {
      // The engagement itself still reads, and its conversation too.
      await ok('GET', `/api/engagements/${e.id}/`, client.token);
      await ok<EngagementMessage[]>('GET', `/api/engagements/${e.id}/messages/`, freelancer.token);
      for (const who of [client, freelancer]) {
        const message = await call('POST', `/api/engagements/${e.id}/messages/`, who.token, { body: 'Still there?' });
        expect(message.statusCode, reason).toBe(409);
        expect(errorOf(message)).toEqual({ detail: reason });
        const upload = await call('POST', `/api/engagements/${e.id}/attachments/`, who.token, { file_name: 'a.pdf', content_type: 'application/pdf', size: 10 });
        expect(upload.statusCode, reason).toBe(409);
        expect(errorOf(upload)).toEqual({ detail: reason });
      }
    }
  });

  it('answers a message posted to a long conversation with the message', async () => {
    const e = await hired();
    const at = new Date().toISOString();
    await t.db.kysely
      .insertInto('engagement_messages')
      .values(Array.from({ length: 600 }, (_, i) => ({ engagement_id: e.id, sender_id: client.user.id, body: `Earlier ${i}`, created_at: at })))
      .execute();
    const posted = await ok<EngagementMessage>('POST', `/api/engagements/${e.id}/messages/`, freelancer.token, { body: 'The latest word.' }, 201);
    expect(posted).toMatchObject({ body: 'The latest word.', mine: true });
    // Reading shows the latest 500, the newest last, and marks them all read.
    const read = await ok<EngagementMessage[]>('GET', `/api/engagements/${e.id}/messages/`, client.token);
    expect(read).toHaveLength(500);
    expect([read[0]?.body, read.at(-1)?.body]).toEqual(['Earlier 101', 'The latest word.']);
    expect((await ok('GET', `/api/engagements/${e.id}/`, client.token)).unread_messages).toBe(0);
  });

  it('carries files uploaded through the storage, type-checked, under the sender’s own prefix', async () => {
    const e = await hired();
    const ask = (who: User, body: Record<string, unknown>) => call('POST', `/api/engagements/${e.id}/attachments/`, who.token, body);
    // Type and size are checked before any upload is allowed.
    expect((await ask(client, { file_name: 'run.exe', content_type: 'application/x-msdownload', size: 10 })).statusCode).toBe(400);
    expect((await ask(client, { file_name: 'big.pdf', content_type: 'application/pdf', size: 50_000_000 })).statusCode).toBe(400);
    expect((await ask(stranger, { file_name: 'a.pdf', content_type: 'application/pdf', size: 10 })).statusCode).toBe(404);
    const policy = await ok<{ url: string; fields: Record<string, string>; key: string }>('POST', `/api/engagements/${e.id}/attachments/`, client.token, { file_name: 'brief v2.pdf', content_type: 'application/pdf', size: 12 });
    expect(policy.key).toMatch(new RegExp(`^engagements/${e.id}/${client.user.id}/[0-9a-f-]+-brief-v2\\.pdf$`));
    const url = `/api/engagements/${e.id}/messages/`;
    // Not uploaded yet: refused.
    const early = await call('POST', url, client.token, { body: '', attachment: { key: policy.key, file_name: 'brief v2.pdf' } });
    expect(errorOf(early)).toEqual({ attachment: [em.attachmentMissing] });

    const boundary = '----attachment';
    const parts = [
      ...Object.entries(policy.fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="brief.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 tiny\r\n--${boundary}--\r\n`,
    ];
    const stored = await t.app.inject({ method: 'POST', url: policy.url, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: parts.join('') });
    expect(stored.statusCode, stored.body).toBe(204);
    // Someone else's key cannot be attached, even by the other party.
    expect((await call('POST', url, freelancer.token, { attachment: { key: policy.key, file_name: 'x.pdf' } })).statusCode).toBe(400);

    const sent = await ok<EngagementMessage>('POST', url, client.token, { attachment: { key: policy.key, file_name: 'brief v2.pdf' } }, 201);
    expect(sent).toMatchObject({ body: '', attachment: { file_name: 'brief v2.pdf', content_type: 'application/pdf', size: 13 } });
    const [read] = await ok<EngagementMessage[]>('GET', url, freelancer.token);
    const file = await t.app.inject({ method: 'GET', url: read?.attachment?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 tiny');
    // A message is text, a file, or both; not nothing.
    expect((await call('POST', url, client.token, {})).statusCode).toBe(400);
  });

  it('throttles requests and messages per user', async () => {
    // The limits count in clock-aligned windows (an hour, a minute): the clock is pinned inside
    // both, so no window can end between the calls of the test.
    const pinned = (Math.floor(Date.now() / 3_600_000) - 1) * 3_600_000 + 10 * 60_000 + 30_000;
    const limited = await createTestApp(
      { engagements: { commissionPercent: 10, requestsPerHourPerUser: 2, messagesPerMinutePerUser: 2 } },
      { clock: () => pinned },
    );
    try {
      const [c] = await Promise.all([registerUser(limited.app)]);
      const f = await registerOne(limited.app, 'F', 'L');
      const body = { freelancer_id: f.user.id, title: 'x', brief: 'y', budget_cents: 100, deadline: inDays(3) };
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await limited.app.inject({ method: 'POST', url: '/api/engagements/', headers: bearer(c!.token), payload: body })).statusCode);
      expect(codes).toEqual([201, 201, 429]);
      const list = json<Engagement[]>(await limited.app.inject({ method: 'GET', url: '/api/engagements/', headers: bearer(c!.token) }));
      const messageCodes = [];
      for (let i = 0; i < 3; i += 1) messageCodes.push((await limited.app.inject({ method: 'POST', url: `/api/engagements/${list[0]!.id}/messages/`, headers: bearer(f.token), payload: { body: 'hi' } })).statusCode);
      expect(messageCodes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('lets only the parties act, each only on their own steps (access matrix)', async () => {
    const e = await hired();
    const m = e.milestones[0]!;
    const base = `/api/engagements/${e.id}`;
    const ms = `/api/engagements/milestones/${m.id}`;
    type Who = 'client' | 'freelancer' | 'admin';
    const routes: Array<{ method: Method; url: string; body?: Record<string, unknown>; allowed: Who[] }> = [
      { method: 'GET', url: `${base}/`, allowed: ['client', 'freelancer'] },
      { method: 'POST', url: `${base}/accept/`, body: { terms_version: 1 }, allowed: ['client', 'freelancer'] },
      { method: 'POST', url: `${base}/propose/`, body: { deadline: inDays(9), milestones: [{ title: 'a', amount_cents: 1, due_date: inDays(9) }] }, allowed: ['freelancer'] },
      { method: 'POST', url: `${base}/decline/`, body: { reason: 'r' }, allowed: ['freelancer'] },
      { method: 'POST', url: `${base}/withdraw/`, allowed: ['client'] },
      { method: 'GET', url: `${base}/messages/`, allowed: ['client', 'freelancer'] },
      { method: 'POST', url: `${base}/messages/`, body: { body: 'hello' }, allowed: ['client', 'freelancer'] },
      { method: 'POST', url: `${base}/attachments/`, body: { file_name: 'a.pdf', content_type: 'application/pdf', size: 10 }, allowed: ['client', 'freelancer'] },
      { method: 'GET', url: `${base}/reviews/`, allowed: ['client', 'freelancer'] },
      { method: 'POST', url: `${base}/reviews/`, body: { stars: 5, text: 'Great.' }, allowed: ['client', 'freelancer'] },
      { method: 'POST', url: `${base}/reviews/reply/`, body: { text: 'Thanks.' }, allowed: ['client', 'freelancer'] },
      { method: 'POST', url: `${ms}/checkout/`, allowed: ['client'] },
      { method: 'POST', url: `${ms}/deliver/`, body: { note: 'n' }, allowed: ['freelancer'] },
      { method: 'POST', url: `${ms}/approve/`, allowed: ['client'] },
      { method: 'POST', url: `${ms}/dispute/`, body: { reason: 'r' }, allowed: ['client', 'freelancer'] },
      { method: 'POST', url: `${ms}/cancel/`, allowed: ['client', 'freelancer'] },
      { method: 'GET', url: '/api/admin/milestones/', allowed: ['admin'] },
      { method: 'POST', url: `/api/admin/milestones/${m.id}/payment/`, body: { reference: 'x', amount_cents: 1 }, allowed: ['admin'] },
      { method: 'POST', url: `/api/admin/milestones/${m.id}/payout/`, body: { reference: 'x' }, allowed: ['admin'] },
      { method: 'POST', url: `/api/admin/milestones/${m.id}/refund/`, body: { reference: 'x' }, allowed: ['admin'] },
      { method: 'POST', url: `/api/admin/milestones/${m.id}/resolve/`, body: { decision: 'release', note: 'n' }, allowed: ['admin'] },
    ];
    const tokens = { client: client.token, freelancer: freelancer.token, admin, stranger: stranger.token };
    for (const route of routes) {
      expect((await call(route.method, route.url, undefined, route.body)).statusCode, `anonymous ${route.url}`).toBe(401);
      for (const [who, token] of Object.entries(tokens)) {
        const res = await call(route.method, route.url, token, route.body);
        const label = `${who} ${route.method} ${route.url}: ${res.body}`;
        if (route.allowed.includes(who as Who)) {
          // Allowed, though the state may refuse the step (409) or the body be wrong (400).
          expect([200, 201, 400, 409], label).toContain(res.statusCode);
        } else if (route.url.startsWith('/api/admin/')) {
          expect(res.statusCode, label).toBe(403);
        } else {
          // A stranger (or an admin) is told the engagement does not exist; the other party may not take this step.
          expect(res.statusCode, label).toBe(who === 'stranger' || who === 'admin' ? 404 : 403);
        }
      }
    }
    // Routes for any signed-in user: refused without a session only.
    const open: Array<{ method: Method; url: string; body?: Record<string, unknown> }> = [
      { method: 'GET', url: '/api/engagements/' },
      { method: 'GET', url: '/api/engagements/unread/' },
      { method: 'GET', url: `/api/engagements/freelancers/${freelancer.user.id}/` },
      { method: 'POST', url: '/api/engagements/', body: { freelancer_id: freelancer.user.id, title: 't', brief: 'b', budget_cents: 100, deadline: inDays(3) } },
    ];
    for (const route of open) {
      expect((await call(route.method, route.url, undefined, route.body)).statusCode, `anonymous ${route.url}`).toBe(401);
      for (const [who, token] of Object.entries(tokens)) {
        const res = await call(route.method, route.url, token, route.body);
        // The freelancer cannot send a request to themselves (400); everyone else is served.
        expect([200, 201, 400], `${who} ${route.method} ${route.url}: ${res.body}`).toContain(res.statusCode);
      }
    }
    // Nobody else's engagements are listed.
    expect((await ok<Engagement[]>('GET', '/api/engagements/', stranger.token)).map((x) => x.id)).not.toContain(e.id);
    expect((await ok<Engagement[]>('GET', '/api/engagements/', freelancer.token)).map((x) => x.id)).toContain(e.id);
  });
});
