/**
 * HTTP for the chaos clients: one keep-alive request, classified outcomes, and a retrying call that
 * rides out the server's deaths. Only a response the server actually sent counts as one.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { cookiesOf, sendRequest, type RawResponse } from '../lib/http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const REQUEST_TIMEOUT_MS = 15_000;
/** How long one call keeps retrying through connection errors before it gives up. */
const GIVE_UP_AFTER_MS = 90_000;

/** A simulated user: its session cookie and the client address a proxy would report for it. */
export interface Identity {
  cookie?: string;
  address: string;
}

export interface HttpRequest {
  method?: string;
  path: string;
  json?: unknown;
  headers?: Record<string, string>;
}

export type HttpResponse = RawResponse;

/**
 * Why a request got no response:
 * - refused: nothing listened, so the request was never received (safe to retry),
 * - lost: the connection broke or timed out after it was sent; the server may or may not have
 *   committed the change (ambiguous).
 */
export type ConnectionFailure = 'refused' | 'lost';

export class ConnectionError extends Error {
  constructor(
    readonly kind: ConnectionFailure,
    readonly code: string,
  ) {
    super(`${kind} (${code})`);
  }
}

export async function send(
  baseUrl: string,
  who: Identity,
  req: HttpRequest,
): Promise<HttpResponse> {
  const url = new URL(req.path, baseUrl);
  try {
    return await sendRequest(url, {
      method: req.method,
      agent,
      json: req.json,
      timeoutMs: REQUEST_TIMEOUT_MS,
      headers: {
        origin: url.origin,
        'x-forwarded-for': who.address,
        ...(who.cookie ? { cookie: who.cookie } : {}),
        ...req.headers,
      },
    });
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    const code = err.code ?? err.message;
    throw new ConnectionError(code === 'ECONNREFUSED' ? 'refused' : 'lost', code);
  }
}

/** Counts per operation: attempts, 2xx, and each kind of failure. */
export class Stats {
  readonly ops = new Map<string, Map<string, number>>();

  add(op: string, outcome: string): void {
    const row = this.ops.get(op) ?? new Map<string, number>();
    row.set(outcome, (row.get(outcome) ?? 0) + 1);
    this.ops.set(op, row);
  }

  get(op: string, outcome: string): number {
    return this.ops.get(op)?.get(outcome) ?? 0;
  }
}

export interface CallResult {
  /** The response, or null when the call gave up after retrying connection errors. */
  response: HttpResponse | null;
  /** True when an earlier attempt of this call was sent and its response lost. */
  lostEarlier: boolean;
}

/**
 * Sends the request, retrying on connection errors (with a short back-off while the server is down)
 * until a response arrives. Every attempt is counted under `op` in `stats`.
 */
export async function call(
  stats: Stats,
  op: string,
  baseUrl: string,
  who: Identity,
  req: HttpRequest,
): Promise<CallResult> {
  const started = Date.now();
  let lostEarlier = false;
  let backoff = 50;
  for (;;) {
    try {
      const response = await send(baseUrl, who, req);
      stats.add(op, outcomeOf(response.status));
      return { response, lostEarlier };
    } catch (err) {
      if (!(err instanceof ConnectionError)) throw err;
      stats.add(op, `conn:${err.kind}`);
      if (err.kind === 'lost') lostEarlier = true;
      if (Date.now() - started > GIVE_UP_AFTER_MS) {
        stats.add(op, 'gave-up');
        return { response: null, lostEarlier };
      }
      await sleep(backoff);
      backoff = Math.min(backoff * 2, 500);
    }
  }
}

export function outcomeOf(status: number): string {
  if (status >= 200 && status < 300) return '2xx';
  return String(status);
}

export { cookiesOf };
