import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Kinds of money movement counted (ADR 051): each is counted once, after its record commits. */
export const MONEY_MOVEMENT_KINDS = ['payment', 'transfer', 'reversal', 'refund'] as const;
export type MoneyMovementKind = (typeof MONEY_MOVEMENT_KINDS)[number];

/** The database's connections as the pool sees them (PGlite: its one connection). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** One job queue's depth, as the job runner reports it. */
/** One queue's jobs waiting and given up (held for the administrators' Retry), every process's. */
export interface QueueDepth {
  queue: string;
  waiting: number;
  failed: number;
}

/**
 * The process's Prometheus metrics (ADR 051), one registry per application context so that test
 * applications in one process count apart. Counters and histograms are moved where things happen;
 * gauges that mirror another part's state read it when Prometheus scrapes, through the sources
 * registered here.
 */
export interface Metrics {
  registry: Registry;
  /** An HTTP request answered, by its route pattern (never the raw URL). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Money moved, counted after the record of the movement committed. */
  moneyMoved(kind: MoneyMovementKind, cents: number): void;
  jobFailed(job: string): void;
  /**
   * The jobs this process runs: each gets its failure counter at zero, so the first failure after
   * a start is an increase an alert on `increase()` sees, not a series appearing at 1.
   */
  jobsStarted(jobs: readonly string[]): void;
  sseOpened(): void;
  sseClosed(): void;
  /** Where the pool, bus and job queue gauges read from when scraped. */
  registerPoolStats(read: () => PoolStats): void;
  registerBusState(connected: () => boolean): void;
  /** The job queue's depth and failures per queue (`server/jobs/metrics.ts`). */
  registerJobStats(read: () => Promise<QueueDepth[]>): void;
}

/** Request durations, in seconds: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const moneyCount = new Counter({
    name: 'money_movements_total',
    help: 'Money movements recorded, by kind (payment captured, transfer, reversal, refund)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const moneyCents = new Counter({
    name: 'money_movements_cents_total',
    help: 'Amount of the money movements recorded, in cents, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const jobsFailed = new Counter({
    name: 'jobs_failed_total',
    help: 'Background jobs that gave up after their retries, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  // Every kind exported at zero from the start: a counter first written at 1 has no earlier sample,
  // so `increase()` over it is 0 and the first movement after a restart would go unseen.
  for (const kind of MONEY_MOVEMENT_KINDS) {
    moneyCount.inc({ kind }, 0);
    moneyCents.inc({ kind }, 0);
  }
  const sse = new Gauge({
    name: 'sse_connections',
    help: 'Server-Sent Events streams open in this process',
    registers: [registry],
  });

  let poolStats: (() => PoolStats) | undefined;
  let busConnected: (() => boolean) | undefined;
  let jobStats: (() => Promise<QueueDepth[]>) | undefined;

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections the database pool opens',
    registers: [registry],
    collect() {
      const stats = poolStats?.();
      if (stats) this.set(stats.max);
    },
  });
  new Gauge({
    name: 'event_bus_connected',
    help: '1 when events from other processes reach this one, 0 while the bus is down',
    registers: [registry],
    collect() {
      if (busConnected) this.set(busConnected() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting in each queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, waiting } of (await jobStats?.()) ?? []) this.set({ queue }, waiting);
    },
  });
  new Gauge({
    name: 'job_queue_failed',
    help: 'Jobs and e-mails given up in each queue, waiting for an administrator to retry them',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, failed } of (await jobStats?.()) ?? []) this.set({ queue }, failed);
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method, route, status_code: String(statusCode) };
      requestDuration.observe(labels, seconds);
      requests.inc(labels);
    },
    moneyMoved(kind, cents) {
      moneyCount.inc({ kind });
      moneyCents.inc({ kind }, cents);
    },
    jobFailed: (job) => jobsFailed.inc({ job }),
    jobsStarted: (jobs) => {
      for (const job of jobs) jobsFailed.inc({ job }, 0);
    },
    sseOpened: () => sse.inc(),
    sseClosed: () => sse.dec(),
    registerPoolStats: (read) => {
      poolStats = read;
    },
    registerBusState: (connected) => {
      busConnected = connected;
    },
    registerJobStats: (read) => {
      jobStats = read;
    },
  };
}
