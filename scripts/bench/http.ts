/**
 * HTTP from the bench: a small keep-alive client for set-up and simulated users, sign-in, and an
 * autocannon wrapper that returns the figures the report needs.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { BETA_COOKIE, betaToken } from '../../server/modules/beta/access-token';
import { cookiesOf, sendRequest, type RawResponse } from '../lib/http';
import { BENCH_PASSWORD } from './constants';
import { BENCH_APP_SECRET, BENCH_BETA_CODE } from './processes';
import { percentile, round } from './stats';

/** The signed beta cookie a browser gets after entering the code (as the e2e fixtures set it). */
export const BETA_COOKIE_PAIR = `${BETA_COOKIE}=${betaToken(BENCH_APP_SECRET, BENCH_BETA_CODE)}`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export interface HttpResponse extends RawResponse {
  ms: number;
}

export interface HttpRequest {
  method?: string;
  path: string;
  cookie?: string;
  json?: unknown;
}

/** One request with the beta cookie (plus `cookie`) and an Origin, as a same-origin browser sends. */
export async function request(baseUrl: string, req: HttpRequest): Promise<HttpResponse> {
  const url = new URL(req.path, baseUrl);
  const started = performance.now();
  const res = await sendRequest(url, {
    method: req.method,
    agent,
    json: req.json,
    headers: {
      cookie: req.cookie ? `${BETA_COOKIE_PAIR}; ${req.cookie}` : BETA_COOKIE_PAIR,
      origin: url.origin,
    },
  });
  return { ...res, ms: performance.now() - started };
}

/** Signs in through better-auth's route; returns the session cookie (name=value). */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const res = await request(baseUrl, {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    json: { email, password: BENCH_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${res.body}`);
  const cookie = cookiesOf(res);
  if (!cookie) throw new Error(`sign-in of ${email}: no cookie`);
  return cookie;
}

export interface Measurement {
  rps: number;
  /** Latency percentiles and mean of the 2xx answers in ms, to 0.1 ms (see `measure`). */
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  durationS: number;
  status: Record<string, number>;
  non2xx: number;
  errors: number;
}

export interface Target {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  cookie?: string;
  body?: string;
  /** Called before each request: return the path and body to use (e.g. a fresh id each time). */
  next?: () => { path: string; body?: string; cookie?: string };
}

export interface LoadOptions {
  connections: number;
  durationS: number;
}

function headersFor(cookie: string | undefined, body: string | undefined, origin: string) {
  return {
    cookie: cookie ? `${BETA_COOKIE_PAIR}; ${cookie}` : BETA_COOKIE_PAIR,
    origin,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
}

/**
 * Runs autocannon against `baseUrl` + target for the given time. The latencies are taken from each
 * 2xx answer's own time, as autocannon's histogram takes them, but not cut to whole milliseconds:
 * at 10 connections a p99 is a few ms, where a whole millisecond would decide a 2× comparison.
 */
export async function measure(
  baseUrl: string,
  target: Target,
  options: LoadOptions,
): Promise<Measurement> {
  const origin = new URL(baseUrl).origin;
  const next = target.next;
  const latencies: number[] = [];
  const result = await run(latencies, {
    url: new URL(target.path, baseUrl).toString(),
    connections: options.connections,
    duration: options.durationS,
    method: target.method ?? 'GET',
    ...(target.body === undefined ? {} : { body: target.body }),
    headers: headersFor(target.cookie, target.body, origin),
    ...(next
      ? {
          requests: [
            {
              setupRequest: (req) => {
                const n = next();
                return {
                  ...req,
                  path: n.path,
                  ...(n.body === undefined ? {} : { body: n.body }),
                  headers: headersFor(n.cookie ?? target.cookie, n.body, origin),
                };
              },
            },
          ],
        }
      : {}),
  });
  const status: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    status[code] = stat.count ?? 0;
  }
  return {
    rps: result.requests.average,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    mean: round(latencies.reduce((sum, ms) => sum + ms, 0) / (latencies.length || 1)),
    requests: result.requests.total,
    durationS: result.duration,
    status,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** autocannon, with each 2xx answer's latency in ms pushed to `latencies`. */
function run(latencies: number[], options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err: unknown, result: autocannon.Result) => {
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(result);
    });
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
    });
  });
}
