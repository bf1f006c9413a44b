import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/** What the stand-in for Stripe's API received: method, path and the form fields the SDK sent. */
export interface StripeCall {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  /** The HTTP status it answered with: 200 when the call did what it asked. */
  status: number;
}

export interface StripeStandIn {
  calls: StripeCall[];
  base: string;
  /** While on, every call is refused with a 400 (a definite no). */
  refusing: { on: boolean };
  /** While on, every call fails with a 500 (the answer is unknown: the same request may be sent again). */
  failing: { on: boolean };
  /** The refunds it received. */
  refunds(): StripeCall[];
  /** Holds every refund's answer until the returned function is called (a provider that is slow to answer). */
  holdRefunds(): () => void;
  /** Resolves once this many refunds have arrived (an event, not a timer). */
  refundsReceived(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Answers the calls the provider makes, as Stripe's API would, and records them. */
export function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: StripeCall[] = [];
  const refusing = { on: false };
  const failing = { on: false };
  let held: Promise<void> | undefined;
  const waiting: { count: number; done: () => void }[] = [];
  const refundCount = () => calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds').length;
  let next = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const key = req.headers['idempotency-key'];
      const call: StripeCall = { method: req.method ?? '', path: req.url ?? '', form, idempotencyKey: typeof key === 'string' ? key : undefined, status: 200 };
      calls.push(call);
      next += 1;
      const n = next;
      for (const w of waiting.filter((x) => refundCount() >= x.count)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.done();
      }
      void (req.url === '/v1/refunds' && held ? held : Promise.resolve()).then(() => respond(req, res, form, n, call));
    });
  });
  function respond(req: http.IncomingMessage, res: http.ServerResponse, form: Record<string, string>, n: number, call: StripeCall) {
    if (failing.on) {
      call.status = 500;
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'The stand-in failed.' } }));
      return;
    }
    if (refusing.on) {
      call.status = 400;
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Refused by the stand-in for acct_secret_42.' } }));
      return;
    }
    let answer: Record<string, unknown> | undefined;
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const id = `cs_test_${n}`;
      answer = { id, object: 'checkout.session', mode: 'payment', status: 'open', url: `https://checkout.stand-in.test/pay/${id}` };
    } else if (req.method === 'POST' && req.url === '/v1/refunds') {
      answer = { id: `re_test_${n}`, object: 'refund', status: 'succeeded', payment_intent: form.payment_intent, amount: 0 };
    }
    call.status = answer ? 200 : 404;
    res.writeHead(call.status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
    res.end(JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: `No stand-in for ${req.method} ${req.url}` } }));
  }
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        calls,
        base: `http://127.0.0.1:${port}`,
        refusing,
        failing,
        refunds: () => calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds'),
        holdRefunds() {
          let release = () => {};
          held = new Promise((done) => (release = done));
          return () => {
            held = undefined;
            release();
          };
        },
        refundsReceived: (count) => (refundCount() >= count ? Promise.resolve() : new Promise((done) => waiting.push({ count, done }))),
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}


export const STRIPE_WEBHOOK_SECRET = 'whsec_stand_in_secret';
const signer = new Stripe('sk_test_signer');
let eventCount = 0;

/** A `checkout.session.completed` event for a paid session, as Stripe sends it. */
export function paidSessionEvent(session: { id: string; amountCents: number; metadata: Record<string, string>; paymentIntent: string; eventId?: string; paymentStatus?: string }): string {
  eventCount += 1;
  return JSON.stringify({
    id: session.eventId ?? `evt_stand_in_${eventCount}_${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: session.paymentStatus ?? 'paid',
        amount_total: session.amountCents,
        currency: 'usd',
        metadata: session.metadata,
        payment_intent: session.paymentIntent,
      },
    },
  });
}

/** Posts a webhook event to the app, signed as Stripe would (or with the signature given). */
export function deliverWebhook(app: FastifyInstance, payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET })) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}
