// Stand-ins for the outside services the journeys' server talks to, on 127.0.0.1 only:
//   - Stripe's API (Checkout Sessions and Refunds, as the `stripe` SDK calls them) and a hosted
//     checkout page whose Pay button sends the signed `checkout.session.completed` webhook to the
//     app, as Stripe does, before sending the buyer back to the app;
//   - a DNS server answering TXT records that a journey publishes through PUT /dns/txt, as a
//     buyer would at their DNS host once they hold the domain.
// Started by the Playwright config beside the app; nothing here reaches the internet.
import http from 'node:http';
import dns2 from 'dns2';
import Stripe from 'stripe';

const port = Number(process.env.STAND_IN_PORT);
const dnsPort = Number(process.env.STAND_IN_DNS_PORT);
const appUrl = process.env.STAND_IN_APP_URL;
const webhookSecret = process.env.STAND_IN_WEBHOOK_SECRET;
if (!port || !dnsPort || !appUrl || !webhookSecret) {
  throw new Error('STAND_IN_PORT, STAND_IN_DNS_PORT, STAND_IN_APP_URL and STAND_IN_WEBHOOK_SECRET are needed');
}
const base = `http://127.0.0.1:${port}`;
const signer = new Stripe('sk_test_stand_in_signer');

/** @type {Map<string, {id: string, amount: number, metadata: Record<string, string>, success: string, cancel: string, name: string, paid: boolean}>} */
const sessions = new Map();
/** @type {Map<string, string[]>} TXT records by lower-case name. */
const txt = new Map();
let counter = 0;
const nextId = (prefix) => `${prefix}_standin_${Date.now().toString(36)}${(counter += 1)}`;

function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function send(res, status, body, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(type === 'application/json' ? JSON.stringify(body) : body);
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dollars = (cents) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

function checkoutPage(session) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card payment (stand-in)</title></head><body style="font-family: sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem">
<main><h1>Card payment</h1><p>${escapeHtml(session.name)}</p><p aria-label="Amount">${dollars(session.amount)}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay ${dollars(session.amount)}</button></form>
<p><a href="${escapeHtml(session.cancel)}">Back without paying</a></p></main></body></html>`;
}

/** What Stripe sends when a Checkout Session is paid: signed over the exact bytes posted. */
async function sendCompleted(session) {
  const paymentIntent = nextId('pi');
  const event = {
    id: nextId('evt'),
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: session.amount,
        currency: 'usd',
        metadata: session.metadata,
        client_reference_id: session.metadata.order_id ?? null,
        payment_intent: paymentIntent,
      },
    },
  };
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const res = await fetch(`${appUrl}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!res.ok) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
}

async function handle(req, res) {
  const url = new URL(req.url ?? '/', base);
  const body = await readBody(req);
  if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });

  if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
    const form = new URLSearchParams(body);
    const metadata = {};
    for (const [key, value] of form) {
      const m = /^metadata\[(\w+)\]$/.exec(key);
      if (m) metadata[m[1]] = value;
    }
    let amount = 0;
    for (let i = 0; form.has(`line_items[${i}][price_data][unit_amount]`); i += 1) {
      amount += Number(form.get(`line_items[${i}][price_data][unit_amount]`)) * Number(form.get(`line_items[${i}][quantity]`) ?? 1);
    }
    const id = nextId('cs_test');
    const session = {
      id,
      amount,
      metadata,
      success: form.get('success_url') ?? appUrl,
      cancel: form.get('cancel_url') ?? appUrl,
      name: form.get('line_items[0][price_data][product_data][name]') ?? '',
      paid: false,
    };
    sessions.set(id, session);
    return send(res, 200, { id, object: 'checkout.session', mode: 'payment', status: 'open', amount_total: amount, url: `${base}/pay/${id}` });
  }

  if (req.method === 'POST' && url.pathname === '/v1/refunds') {
    const form = new URLSearchParams(body);
    return send(res, 200, { id: nextId('re'), object: 'refund', status: 'succeeded', payment_intent: form.get('payment_intent') });
  }

  const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
  const session = pay ? sessions.get(pay[1]) : undefined;
  if (pay && !session) return send(res, 404, 'No such checkout session.', 'text/plain');
  if (session && req.method === 'GET') return send(res, 200, checkoutPage(session), 'text/html; charset=utf-8');
  if (session && req.method === 'POST') {
    // A second click pays nothing more, as on Stripe's page.
    if (!session.paid) {
      await sendCompleted(session);
      session.paid = true;
    }
    res.writeHead(303, { location: session.success });
    return res.end();
  }

  if (req.method === 'PUT' && url.pathname === '/dns/txt') {
    const { name, value } = JSON.parse(body || '{}');
    if (typeof name !== 'string' || typeof value !== 'string') return send(res, 400, { error: 'name and value are needed' });
    const key = name.toLowerCase().replace(/\.$/, '');
    txt.set(key, [...(txt.get(key) ?? []), value]);
    return send(res, 200, { name: key, records: txt.get(key) });
  }

  const known = req.method === 'POST' && url.pathname.startsWith('/v1/');
  return send(res, 404, known ? { error: { type: 'invalid_request_error', message: `No stand-in for ${url.pathname}` } } : { error: 'not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: String(error) } });
  });
});

const { Packet } = dns2;
const dns = dns2.createServer({
  udp: true,
  handle: (request, reply) => {
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0];
    const records = question && question.type === Packet.TYPE.TXT ? txt.get(question.name.toLowerCase().replace(/\.$/, '')) : undefined;
    if (records) {
      for (const data of records) response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data });
    } else {
      response.header.rcode = 3; // NXDOMAIN: nothing published there.
    }
    reply(response);
  },
});

await dns.listen({ udp: { port: dnsPort, address: '127.0.0.1' } });
server.listen(port, '127.0.0.1', () => console.log(`stand-ins on ${base}, DNS on 127.0.0.1:${dnsPort}`));
const stop = () => {
  server.close();
  dns.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
