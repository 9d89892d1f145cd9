import { randomBytes } from 'crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';
import Stripe from 'stripe';

/**
 * An in-process double of the part of Stripe's HTTP API Facet calls, with the shapes of Stripe's API reference
 * (Checkout Sessions create, retrieve, list by payment_intent, expire; Refunds create), driven by the real
 * `stripe` SDK through STRIPE_API_URL. It honours Idempotency-Key on POSTs as Stripe does (the same key answers
 * the first response again) and refuses expires_at outside 30 minutes..24 hours. Tests move sessions on (pay,
 * an async payment's success or failure, expiry) and build the events Stripe would send, signed with the SDK's
 * webhooks.generateTestHeaderString.
 */
export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  params: Record<string, any>;
}

type Obj = Record<string, any>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      const k = part === '' && Array.isArray(node) ? node.length : part;
      if (last) node[k] = value;
      else node = node[k] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

export class StripeDouble {
  readonly sessions = new Map<string, Obj>();
  readonly intents = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly requests: StripeRequest[] = [];
  private readonly idempotent = new Map<string, { status: number; body: Obj }>();
  /** When set, every API call answers 500 (Stripe down). */
  down = false;
  private server!: Server;
  url = '';

  constructor(readonly webhookSecret: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const body = Buffer.concat(chunks).toString('utf8');
    const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotencyKey,
      authorization: req.headers.authorization ?? null,
      params,
    });
    const send = (status: number, json: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };
    if (this.down) return send(500, { error: { type: 'api_error', message: 'Stripe is down (the double says so).' } });
    if (req.method === 'POST' && idempotencyKey) {
      const seen = this.idempotent.get(idempotencyKey);
      if (seen) return send(seen.status, seen.body);
    }
    const [status, json] = this.route(req.method ?? '', url.pathname, params);
    if (req.method === 'POST' && idempotencyKey && status < 500) this.idempotent.set(idempotencyKey, { status, body: json });
    send(status, json);
  }

  private route(method: string, path: string, p: Obj): [number, Obj] {
    const invalid = (message: string, param?: string): [number, Obj] => [400, { error: { type: 'invalid_request_error', message, param } }];
    const missing = (what: string): [number, Obj] => [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    ];
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items: Obj[] = p.line_items ?? [];
      if (!items.length) return invalid('line_items is required in payment mode.', 'line_items');
      const currency = items[0]?.price_data?.currency;
      let total = 0;
      for (const li of items) {
        const unit = Number(li.price_data?.unit_amount);
        const qty = Number(li.quantity);
        if (!Number.isInteger(unit) || unit < 0 || !Number.isInteger(qty) || qty < 1) return invalid('Invalid integer', 'line_items');
        if (li.price_data?.currency !== currency) return invalid('All line items must share one currency.', 'line_items');
        total += unit * qty;
      }
      const expiresAt = Number(p.expires_at);
      if (p.expires_at !== undefined && (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600)) {
        return invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
      }
      const sid = id('cs');
      const session: Obj = {
        id: sid,
        object: 'checkout.session',
        amount_subtotal: total,
        amount_total: total,
        cancel_url: p.cancel_url ?? null,
        client_reference_id: p.client_reference_id ?? null,
        created: now(),
        currency,
        expires_at: p.expires_at !== undefined ? expiresAt : now() + 24 * 3600,
        livemode: false,
        metadata: p.metadata ?? {},
        mode: p.mode ?? 'payment',
        payment_intent: null,
        payment_method_types: ['card'],
        payment_status: 'unpaid',
        status: 'open',
        success_url: String(p.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sid),
        url: `https://checkout.stripe.test/c/pay/${sid}`,
        line_items_sent: items,
        payment_intent_data_sent: p.payment_intent_data ?? null,
      };
      this.sessions.set(sid, session);
      return [200, this.view(session, [])];
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const data = [...this.sessions.values()].filter((s) => !p.payment_intent || s.payment_intent === p.payment_intent);
      return [200, { object: 'list', data: data.map((s) => this.view(s, [])), has_more: false, url: '/v1/checkout/sessions' }];
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === 'POST') {
      const s = this.sessions.get(m[1]);
      if (!s) return missing(`checkout.session: '${m[1]}'`);
      if (s.status !== 'open')
        return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${s.status}".`);
      s.status = 'expired';
      return [200, this.view(s, [])];
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') {
      const s = this.sessions.get(m[1]);
      if (!s) return missing(`checkout.session: '${m[1]}'`);
      return [200, this.view(s, ([] as string[]).concat(p.expand ?? []))];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = this.intents.get(p.payment_intent);
      if (!intent) return missing(`payment_intent: '${p.payment_intent}'`);
      const charge = this.charges.get(intent.latest_charge);
      if (!charge || charge.refunded) return invalid(`Charge ${intent.latest_charge} has already been refunded.`, 'charge');
      // A part refund names its amount (form-encoded); none: all that is left.
      const left = charge.amount - charge.amount_refunded;
      const amount = p.amount === undefined ? left : Number(p.amount);
      if (!Number.isSafeInteger(amount) || amount < 1) return invalid(`Invalid positive integer`, 'amount');
      if (amount > left)
        return invalid(`Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`, 'amount');
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: intent.id,
        reason: p.reason ?? null,
        metadata: p.metadata ?? {},
        status: 'succeeded',
        created: now(),
      };
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      charge.refunds = { object: 'list', data: [refund, ...(charge.refunds?.data ?? [])], has_more: false };
      return [200, refund];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } }];
  }

  /** A session as the API answers it (the test's bookkeeping left out), with the asked-for expansions. */
  private view(s: Obj, expand: string[]): Obj {
    const { line_items_sent: _l, payment_intent_data_sent: _p, ...session } = s;
    if (expand.includes('payment_intent') && s.payment_intent) {
      const intent = { ...this.intents.get(s.payment_intent) };
      if (expand.includes('payment_intent.latest_charge') && intent.latest_charge)
        intent.latest_charge = { ...this.charges.get(intent.latest_charge) };
      session.payment_intent = intent;
    }
    return session;
  }

  /** What Facet sent when it created this session (line items, payment_intent_data). */
  sent(sessionId: string): { lineItems: Obj[]; paymentIntentData: Obj | null } {
    const s = this.sessions.get(sessionId)!;
    return { lineItems: s.line_items_sent, paymentIntentData: s.payment_intent_data_sent };
  }

  /** The shopper pays on Stripe's page: by card (paid at once) or by an async method (pending until settled). */
  pay(sessionId: string, how: 'card' | 'async' = 'card'): Obj {
    const s = this.sessions.get(sessionId);
    if (!s || s.status !== 'open') throw new Error(`session ${sessionId} is not open`);
    const intentId = id('pi');
    const chargeId = id('ch');
    this.charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount: s.amount_total,
      amount_refunded: 0,
      currency: s.currency,
      payment_intent: intentId,
      paid: how === 'card',
      refunded: false,
      status: how === 'card' ? 'succeeded' : 'pending',
      payment_method_details: how === 'card' ? { type: 'card', card: { brand: 'visa', last4: '4242' } } : { type: 'us_bank_account' },
      refunds: { object: 'list', data: [], has_more: false },
    });
    this.intents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: s.amount_total,
      currency: s.currency,
      latest_charge: chargeId,
      metadata: s.payment_intent_data_sent?.metadata ?? {},
      status: how === 'card' ? 'succeeded' : 'processing',
      last_payment_error: null,
    });
    s.payment_intent = intentId;
    s.status = 'complete';
    s.payment_status = how === 'card' ? 'paid' : 'unpaid';
    return this.view(s, []);
  }

  /** An async payment's outcome at the bank. */
  settleAsync(sessionId: string, ok: boolean): Obj {
    const s = this.sessions.get(sessionId)!;
    const intent = this.intents.get(s.payment_intent)!;
    const charge = this.charges.get(intent.latest_charge)!;
    intent.status = ok ? 'succeeded' : 'requires_payment_method';
    intent.last_payment_error = ok ? null : { message: 'The bank account could not be debited.' };
    charge.status = ok ? 'succeeded' : 'failed';
    charge.paid = ok;
    if (ok) s.payment_status = 'paid';
    return this.view(s, []);
  }

  /** Stripe's own expiry of an open session. */
  expire(sessionId: string): Obj {
    const s = this.sessions.get(sessionId)!;
    s.status = 'expired';
    return this.view(s, []);
  }

  /** A refund made in Stripe's dashboard: the whole charge, or a part of it. */
  refundInDashboard(sessionId: string, amount?: number): Obj {
    const s = this.sessions.get(sessionId)!;
    const charge = this.charges.get(this.intents.get(s.payment_intent)!.latest_charge)!;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount: amount ?? charge.amount,
      charge: charge.id,
      currency: charge.currency,
      status: 'succeeded',
    };
    charge.amount_refunded += refund.amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    charge.refunds = { object: 'list', data: [refund, ...charge.refunds.data], has_more: false };
    return { ...charge };
  }

  chargeOf(sessionId: string): Obj {
    const s = this.sessions.get(sessionId)!;
    return { ...this.charges.get(this.intents.get(s.payment_intent)!.latest_charge)! };
  }

  /** A dispute of a session's charge, as charge.dispute.created carries it. */
  dispute(sessionId: string): Obj {
    const charge = this.chargeOf(sessionId);
    return {
      id: id('dp'),
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
      created: now(),
    };
  }

  /** An Event object as Stripe sends it to a webhook endpoint, its JSON text. */
  event(type: string, object: Obj, eventId = id('evt')): { id: string; payload: string } {
    const event = {
      id: eventId,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    return { id: eventId, payload: JSON.stringify(event) };
  }

  /** The Stripe-Signature header for a payload, by the SDK (another secret: a forgery; an old timestamp: stale). */
  sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      timestamp: options.timestamp,
    });
  }
}
