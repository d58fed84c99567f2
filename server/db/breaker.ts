import pg from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

/** A probe's fresh connection gets this long to connect and answer `select 1`. */
export const BREAKER_PROBE_TIMEOUT_MS = 1_000;
/** While open, the breaker probes again this long after its last probe ended. */
export const BREAKER_PROBE_INTERVAL_MS = 1_000;

/**
 * The database circuit breaker (ADR 086). A database that drops packets instead of refusing them
 * holds each query until the read timeout (statement timeout plus a margin, 16 s in production),
 * though the readiness check knows within 2 s. Once the process knows (its readiness ping failed,
 * or a pool connection could not be acquired, or a query got no answer at all), the breaker opens
 * and the pool refuses at once with `DatabaseUnavailableError`, which the error handler answers as
 * the usual 503. It closes when a probe on a fresh connection, outside the pool (whose
 * connections may all be stuck on the dead route), gets an answer: the breaker probes every
 * second while open, and a readiness check probes too.
 *
 * A false alarm (a pool busy for 2 s, not a database gone) costs a few milliseconds: the first
 * probe starts at once, on a connection of its own, and closes the breaker as soon as it answers.
 */
export class DatabaseBreaker {
  #open = false;
  #probing: Promise<boolean> | null = null;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(private readonly url: string) {}

  get isOpen(): boolean {
    return this.#open;
  }

  /** The error a refused query gets: the outage's 503, like any unavailable database's. */
  refusal(): DatabaseUnavailableError {
    return new DatabaseUnavailableError('the database is unreachable (circuit breaker open)');
  }

  /** Opens on a failure that means the database cannot be reached; other errors are not its. */
  noteFailure(err: unknown): void {
    if (isDatabaseUnavailable(err)) this.trip();
  }

  /** Opens the breaker (once) and starts probing for the database's return. */
  trip(): void {
    if (this.#open || this.#stopped) return;
    this.#open = true;
    void this.#probeUntilClosed();
  }

  /**
   * One probe (shared by concurrent callers) on a fresh connection: true, and the breaker closed,
   * when the database answers within BREAKER_PROBE_TIMEOUT_MS.
   */
  probe(): Promise<boolean> {
    this.#probing ??= probeOnce(this.url).then((up) => {
      this.#probing = null;
      if (up) this.#open = false;
      return up;
    });
    return this.#probing;
  }

  /** Stops probing (the database handle closes). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  async #probeUntilClosed(): Promise<void> {
    if (this.#stopped || (await this.probe()) || this.#stopped) return;
    this.#timer = setTimeout(() => void this.#probeUntilClosed(), BREAKER_PROBE_INTERVAL_MS);
    this.#timer.unref();
  }
}

async function probeOnce(url: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: BREAKER_PROBE_TIMEOUT_MS,
    query_timeout: BREAKER_PROBE_TIMEOUT_MS,
  });
  // A socket that dies under the probe must not end the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    // end() waits for the server's goodbye, which a dead route never sends: not awaited.
    void client.end().catch(() => {});
  }
}

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;

/**
 * Puts the breaker in front of the pool: every checkout (transactions, and `pool.query`, which
 * checks out through `connect` too) is refused at once while it is open, and a checkout that fails
 * because the database cannot be reached opens it.
 */
export function guardPool(pool: pg.Pool, breaker: DatabaseBreaker): void {
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient>;
  pool.connect = ((cb?: ConnectCallback) => {
    if (breaker.isOpen) {
      const err = breaker.refusal();
      if (!cb) return Promise.reject(err);
      process.nextTick(cb, err);
      return undefined;
    }
    if (cb) {
      return connect((err, client, done) => {
        if (err) breaker.noteFailure(err);
        cb(err, client, done);
      });
    }
    return connect().catch((err: unknown) => {
      breaker.noteFailure(err);
      throw err;
    });
  }) as typeof pool.connect;
}
