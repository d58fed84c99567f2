import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPaymentEvent, moneyOf } from '../modules/payments';
import { askedQuestion } from '../test/asked-question';
import { requestsTo } from '../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/harness';
import { openSse } from '../test/sse';
import type { Job } from '../jobs/queue';
import { createMetrics, MONEY_MOVEMENT_KINDS } from './metrics';
import { startMetricsServer } from './routes';

const TOKEN = 'a-metrics-token-for-the-tests';
const logger = pino({ level: 'silent' });

/** One sample of the exposition format: `name{labels} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses Prometheus's text format strictly enough to catch a malformed line: every line is a
 * comment (`# HELP`, `# TYPE`) or a sample whose value is a number.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][\w:]* .+$/.test(line)) continue;
    // Prometheus reads the value as Go's ParseFloat does: NaN in any case (prom-client writes Nan).
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?[\d.e+-]+|nan|[+-]inf)$/i.exec(line);
    if (!match) throw new Error(`not a metrics line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe(`/metrics (${testDatabaseKind})`, () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return parseExposition(res.body);
  };

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, BETA_ACCESS_CODE: 'beta-code' });
  });
  afterAll(() => t.close());

  it('answers only the bearer of METRICS_TOKEN, even behind the beta gate', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(() => parseExposition(res.body)).not.toThrow();

    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', TOKEN]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/health/live', status_code: '200' };
    await t.app.inject({ method: 'GET', url: '/api/health/live' });
    await t.app.inject({ method: 'GET', url: '/api/health/live?x=1' });
    const unknownCoach = '00000000-0000-4000-8000-000000000000';
    // Refused by the beta gate: counted under its route with its status all the same.
    await t.app.inject({ method: 'GET', url: `/api/coaches/${unknownCoach}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route/12345' });
    const after = await scrape();

    expect(valueOf(after, 'http_requests_total', route)).toBe(
      valueOf(before, 'http_requests_total', route) + 2,
    );
    expect(valueOf(after, 'http_request_duration_seconds_count', route)).toBe(
      valueOf(before, 'http_request_duration_seconds_count', route) + 2,
    );
    expect(
      valueOf(after, 'http_requests_total', { route: '/api/coaches/:idOrSlug' }),
    ).toBeGreaterThan(0);
    expect(valueOf(after, 'http_requests_total', { route: 'unmatched' })).toBeGreaterThan(0);
    const routes = new Set(after.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].filter((r) => r!.includes(unknownCoach) || r!.includes('12345'))).toEqual(
      [],
    );
  });

  it('reports the database connections and the bus', async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(
      samples.some((s) => s.name === 'db_pool_connections' && s.labels.state === 'waiting'),
    ).toBe(true);
    expect(valueOf(samples, 'db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'event_bus_connected')).toBe(1);
  });
});

describe(`/metrics without METRICS_TOKEN (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not there at all', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything-at-all-here' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
  });
});

describe(`money and streams in the metrics (${testDatabaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  const samples = async () => parseExposition(await t.ctx.metrics.registry.metrics());

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  // First in its block: the application has moved no money yet.
  it('exports every kind of money movement at zero before anything moves', async () => {
    // An alert on increase() needs a sample before the first movement after a restart.
    const exported = await samples();
    for (const name of ['money_movements_total', 'money_movements_cents_total']) {
      expect(exported.filter((s) => s.name === name).map((s) => [s.labels.kind, s.value])).toEqual(
        MONEY_MOVEMENT_KINDS.map((kind) => [kind, 0]),
      );
    }
  });

  it('counts a captured payment and its refund, in number and in cents', async () => {
    const before = await samples();
    const { coach, questionId } = await askedQuestion(t.app, t.ctx, 'Metrics Coach');
    const paid = await applyPaymentEvent(moneyOf(t.ctx, logger), 'local', {
      id: `evt_metrics_${questionId}`,
      type: 'checkout.completed',
      questionId,
      paymentIntentId: `pi_metrics_${questionId}`,
    });
    expect(paid).toBe(true);
    const afterPayment = await samples();
    // The Coach's price is 10 (dollars): 1000 cents.
    expect(valueOf(afterPayment, 'money_movements_total', { kind: 'payment' })).toBe(
      valueOf(before, 'money_movements_total', { kind: 'payment' }) + 1,
    );
    expect(valueOf(afterPayment, 'money_movements_cents_total', { kind: 'payment' })).toBe(
      valueOf(before, 'money_movements_cents_total', { kind: 'payment' }) + 1000,
    );

    // The Coach declines the paid question: a full refund, counted once it is recorded.
    const declined = await requestsTo(() => t.app)(
      'POST',
      `/api/questions/${questionId}/decline`,
      coach,
      { note: null },
    );
    expect(declined.statusCode).toBe(204);
    const afterRefund = await samples();
    expect(valueOf(afterRefund, 'money_movements_total', { kind: 'refund' })).toBe(
      valueOf(before, 'money_movements_total', { kind: 'refund' }) + 1,
    );
    expect(valueOf(afterRefund, 'money_movements_cents_total', { kind: 'refund' })).toBe(
      valueOf(before, 'money_movements_cents_total', { kind: 'refund' }) + 1000,
    );

    // A replayed event moves no money and counts nothing.
    await applyPaymentEvent(moneyOf(t.ctx, logger), 'local', {
      id: `evt_metrics_${questionId}`,
      type: 'checkout.completed',
      questionId,
      paymentIntentId: `pi_metrics_${questionId}`,
    });
    expect(valueOf(await samples(), 'money_movements_total', { kind: 'payment' })).toBe(
      valueOf(afterPayment, 'money_movements_total', { kind: 'payment' }),
    );
  });

  it('counts the open SSE streams', async () => {
    const before = valueOf(await samples(), 'sse_connections');
    const first = await openSse(`${origin}/api/events`);
    const second = await openSse(`${origin}/api/events`);
    await first.until((received) => received.includes('id:'));
    await second.until((received) => received.includes('id:'));
    expect(valueOf(await samples(), 'sse_connections')).toBe(before + 2);
    first.close();
    await expect.poll(async () => valueOf(await samples(), 'sse_connections')).toBe(before + 1);
    second.close();
    await expect.poll(async () => valueOf(await samples(), 'sse_connections')).toBe(before);
  });
});

describe('job metrics and the metrics port', () => {
  it('counts the jobs that give up, by job, and reports each queue waiting and failed', async () => {
    const metrics = createMetrics();
    metrics.jobFailed('payout-release');
    metrics.jobFailed('payout-release');
    metrics.registerJobStats(async () => [{ queue: 'mail', waiting: 7, failed: 2 }]);
    const samples = parseExposition(await metrics.registry.metrics());
    expect(valueOf(samples, 'jobs_failed_total', { job: 'payout-release' })).toBe(2);
    expect(valueOf(samples, 'job_queue_depth', { queue: 'mail' })).toBe(7);
    expect(valueOf(samples, 'job_queue_failed', { queue: 'mail' })).toBe(2);
  });

  it("reads the job queue of the application, the outbox included, and each job's failures from zero", async () => {
    const t = await createTestApp();
    const quiet: Job = { name: 'quiet-sweep', intervalMs: 3_600_000, run: async () => {} };
    try {
      await t.ctx.jobs.start([quiet]);
      const samples = parseExposition(await t.ctx.metrics.registry.metrics());
      expect(valueOf(samples, 'job_queue_depth', { queue: 'mail' })).toBe(0);
      expect(valueOf(samples, 'job_queue_failed', { queue: 'mail' })).toBe(0);
      // Before any failure, so the first one after a restart is an increase an alert sees.
      expect(samples.filter((s) => s.name === 'jobs_failed_total')).toEqual([
        { name: 'jobs_failed_total', labels: { job: 'quiet-sweep' }, value: 0 },
      ]);
    } finally {
      await t.ctx.jobs.stop(1000);
      await t.close();
    }
  });

  it('serves /metrics without a token on METRICS_PORT, bound where told, and nothing else', async () => {
    const metrics = createMetrics();
    const server = await startMetricsServer(metrics, '127.0.0.1', 0);
    try {
      const address = server.address() as AddressInfo;
      expect(address.address).toBe('127.0.0.1');
      const base = `http://127.0.0.1:${address.port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(() => parseExposition(text)).not.toThrow();
      expect(text).toContain('# TYPE jobs_failed_total');
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
