import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeStubRequest {
  method: string;
  path: string;
  /** The form body as the SDK encodes it: keys like `line_items[0][price_data][unit_amount]`. */
  body: Record<string, string>;
  idempotencyKey?: string;
  authorization?: string;
}

/** The fields of a connected account the provider reads; tests set them per account. */
export interface StubAccount {
  id: string;
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[]; past_due: string[] };
}

/** The money the stub moved, as Stripe's own records would show it (one object per key). */
export interface StubLedger {
  transfers: Map<string, { amount: number; destination: string; transferGroup: string | null }>;
  reversals: Map<string, { transfer: string; amount: number }>;
  refunds: Map<string, { paymentIntent: string; amount?: number }>;
}

export interface StripeStub {
  /** Base URL for STRIPE_API_BASE. */
  url: string;
  host: string;
  port: number;
  requests: StripeStubRequest[];
  accounts: Map<string, StubAccount>;
  /** Checkout sessions by id; a test marks one 'complete' when it plays the Player paying. */
  sessions: Map<string, { questionId: string; status: 'open' | 'complete' | 'expired' }>;
  ledger: StubLedger;
  /**
   * What each payment took, in cents, when a test says so: a refund without an amount then gives
   * back what is left, and one above what is left is refused, as Stripe does.
   */
  charges: Map<string, number>;
  /**
   * Answers the next `count` requests with a retryable 500, as Stripe does on a blip: `'before'`
   * handling them, or `'after'` (the money moved, the answer was lost on its way back).
   */
  failNext(count: number, when?: 'before' | 'after'): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** The last four digits of the card every stub payment is made with. */
export const STUB_CARD_LAST4 = '1881';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(parts).toString('utf8')));
}

function send(res: ServerResponse, status: number, body: Json, headers: Json = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req'),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

const stripeError = (message: string, type = 'invalid_request_error') => ({
  error: { type, message },
});

/**
 * A stand-in for the part of Stripe's API the payment provider uses (checkout sessions, Connect
 * accounts, account and login links, transfers, refunds). It records every request and, like Stripe,
 * answers a repeated Idempotency-Key with the first response.
 */
export async function startStripeStub(options: { latencyMs?: number } = {}): Promise<StripeStub> {
  const ledger: StubLedger = { transfers: new Map(), reversals: new Map(), refunds: new Map() };
  const requests: StripeStubRequest[] = [];
  const accounts = new Map<string, StubAccount>();
  const sessions: StripeStub['sessions'] = new Map();
  const charges = new Map<string, number>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  let failures = 0;
  let failWhen: 'before' | 'after' = 'before';

  const route = (method: string, path: string, body: Record<string, string>): [number, Json] => {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      sessions.set(id, { questionId: body['metadata[questionId]'] ?? '', status: 'open' });
      return [
        200,
        {
          id,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(body['line_items[0][price_data][unit_amount]']),
          currency: body['line_items[0][price_data][currency]'],
          customer_email: body.customer_email,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          metadata: { questionId: body['metadata[questionId]'] },
          payment_intent: null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          created: now(),
          livemode: false,
        },
      ];
    }
    const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (session?.[1]) {
      const found = sessions.get(session[1]);
      if (!found) return [404, stripeError(`No such checkout.session: '${session[1]}'`)];
      if (method === 'POST' && session[2]) {
        // As Stripe: only an open session can be expired.
        if (found.status !== 'open') {
          return [400, stripeError('Only Checkout Sessions with a status of open can be expired.')];
        }
        found.status = 'expired';
      }
      if (method === 'GET' || session[2]) {
        return [
          200,
          {
            id: session[1],
            object: 'checkout.session',
            status: found.status,
            metadata: { questionId: found.questionId },
          },
        ];
      }
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account: StubAccount = {
        id: newId('acct'),
        email: body.email ?? null,
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: ['external_account', 'tos_acceptance.date'], past_due: [] },
      };
      accounts.set(account.id, account);
      return [200, { object: 'account', type: body.type, created: now(), ...account }];
    }
    const account = /^\/v1\/accounts\/([^/]+)(\/login_links)?$/.exec(path);
    if (account?.[1]) {
      const found = accounts.get(account[1]);
      if (!found) return [404, stripeError(`No such account: '${account[1]}'`)];
      if (method === 'GET' && !account[2]) {
        return [200, { object: 'account', type: 'express', created: now(), ...found }];
      }
      if (method === 'POST' && account[2]) {
        return [
          200,
          {
            object: 'login_link',
            created: now(),
            url: `https://connect.stripe.com/express/${found.id}/${randomBytes(8).toString('hex')}`,
          },
        ];
      }
    }
    if (method === 'POST' && path === '/v1/account_links') {
      return [
        200,
        {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.com/setup/e/${body.account}/${randomBytes(8).toString('hex')}`,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const id = newId('tr');
      ledger.transfers.set(id, {
        amount: Number(body.amount),
        destination: body.destination ?? '',
        transferGroup: body.transfer_group ?? null,
      });
      return [
        200,
        {
          id,
          object: 'transfer',
          amount: Number(body.amount),
          currency: body.currency,
          destination: body.destination,
          transfer_group: body.transfer_group ?? null,
          reversed: false,
          created: now(),
          livemode: false,
        },
      ];
    }
    const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === 'POST' && reversal?.[1]) {
      const transfer = ledger.transfers.get(reversal[1]);
      if (!transfer) return [404, stripeError(`No such transfer: '${reversal[1]}'`)];
      const id = newId('trr');
      const amount = Number(body.amount ?? transfer.amount);
      ledger.reversals.set(id, { transfer: reversal[1], amount });
      return [
        200,
        { id, object: 'transfer_reversal', amount, transfer: reversal[1], created: now() },
      ];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = body.payment_intent ?? '';
      const paid = charges.get(paymentIntent);
      let amount = body.amount === undefined ? undefined : Number(body.amount);
      if (paid !== undefined) {
        const refunded = [...ledger.refunds.values()]
          .filter((r) => r.paymentIntent === paymentIntent)
          .reduce((sum, r) => sum + (r.amount ?? 0), 0);
        amount ??= paid - refunded;
        if (amount <= 0 || refunded + amount > paid) {
          return [400, stripeError(`Refund amount exceeds what is left of ${paymentIntent}.`)];
        }
      }
      const id = newId('re');
      ledger.refunds.set(id, { paymentIntent, ...(amount === undefined ? {} : { amount }) });
      return [
        200,
        {
          id,
          object: 'refund',
          payment_intent: body.payment_intent,
          status: 'succeeded',
          currency: 'usd',
          created: now(),
        },
      ];
    }
    // The payment's charge names the card (the receipt's last four digits, ADR 056).
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intent?.[1]) {
      return [
        200,
        {
          id: intent[1],
          object: 'payment_intent',
          latest_charge: {
            id: newId('ch'),
            object: 'charge',
            payment_method_details: {
              type: 'card',
              card: { brand: 'visa', last4: STUB_CARD_LAST4 },
            },
          },
        },
      ];
    }
    return [404, stripeError(`Unrecognized request URL (${method}: ${path})`)];
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? '';
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    const body = await readForm(req);
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    const auth = req.headers.authorization;
    requests.push({ method, path, body, idempotencyKey, authorization: auth });
    // Like the real API, an answer takes time: concurrent callers overlap.
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));

    const fail = failures > 0;
    if (fail) failures -= 1;
    const blip = () =>
      send(res, 500, stripeError('Stub failure', 'api_error'), { 'stripe-should-retry': 'true' });
    if (fail && failWhen === 'before') return blip();
    const replay = idempotencyKey ? idempotent.get(`${method} ${path} ${idempotencyKey}`) : null;
    if (replay) {
      if (fail) return blip();
      return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    }
    const [status, response] = route(method, path, body);
    if (idempotencyKey && method === 'POST') {
      idempotent.set(`${method} ${path} ${idempotencyKey}`, { status, body: response });
    }
    if (fail) return blip();
    send(res, status, response);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, stripeError(String(error), 'api_error'));
      else res.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    requests,
    accounts,
    sessions,
    ledger,
    charges,
    failNext(count, when = 'before') {
      failures = count;
      failWhen = when;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps sockets alive; without this close() would wait for them to idle out.
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A Stripe event as its webhook delivers it (snapshot payload), for signing or mapping in tests. */
export function stripeEventJson(type: string, object: Json, id = newId('evt')) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
