/**
 * The production build as a child process: built once if missing, copied to a snapshot (so a rebuild
 * of dist/ by someone else cannot change the server between restarts), started on the chaos database,
 * killed with SIGKILL and started again on the same port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { productionEnv, stopGracefully, waitForHttp } from '../lib/server-process';

export { ensureBuild, ROOT, snapshotBuild } from '../lib/server-process';

/** A throwaway secret for a throwaway database. */
import { CHAOS_ADMIN } from './actors';

const CHAOS_APP_SECRET = 'chaos-only-secret-0123456789abcdef0123456789';

/** Every server child still alive; killed however the run ends (see killAllServers). */
const alive = new Set<ChildProcess>();

export function killAllServers(): void {
  for (const child of alive) child.kill('SIGKILL');
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  entry: string;
  databaseUrl: string;
  port: number;
  dataDir: string;
  logFile: string;
}

/** The environment of every start: production mode, limits raised for one machine's load. */
function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  return {
    ...productionEnv({
      port: options.port,
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      logLevel: 'warn',
      appSecret: CHAOS_APP_SECRET,
    }),
    MAIL_DRIVER: 'outbox',
    // Each simulated user sends its own X-Forwarded-For, as users behind a proxy would, so the fixed
    // per-address limits (checkout: 20 a minute) apply per user rather than to the whole load. The
    // harness connects from this machine, so it is the trusted proxy (ADR 039).
    TRUST_PROXY: 'loopback',
    // The payout-release and refund sweeps run every second, so kills land inside them too.
    SWEEP_INTERVAL_SECONDS: '1',
    // A hold window of about 17 s, so payouts are released while the administrator acts on them.
    PAYOUT_HOLD_DAYS: '0.0002',
    ADMIN_USERNAME: CHAOS_ADMIN.username,
    ADMIN_PASSWORD: CHAOS_ADMIN.password,
  };
}

export class ChaosServer {
  readonly url: string;
  private child: ChildProcess | null = null;
  starts = 0;
  kills = 0;
  /** Milliseconds from each SIGKILL until the restarted server answered /api/health. */
  readonly downtimes: number[] = [];

  constructor(private readonly options: ServerOptions) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    const log = createWriteStream(this.options.logFile, { flags: 'a' });
    log.write(`\n----- start #${this.starts + 1} at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, ['--enable-source-maps', this.options.entry], {
      cwd: path.dirname(path.dirname(path.dirname(this.options.entry))),
      env: serverEnv(this.options),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    alive.add(child);
    child.once('exit', () => {
      alive.delete(child);
      log.end();
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    this.child = child;
    this.starts++;
    await waitForHttp(`${this.url}/api/health`, child, { intervalMs: 100 });
  }

  /** SIGKILL: no shutdown hook runs, open transactions are cut off mid-flight. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    this.kills++;
  }

  /** kill -9, then start again on the same database and port. */
  async crashAndRestart(): Promise<void> {
    const killedAt = Date.now();
    await this.kill();
    await this.start();
    this.downtimes.push(Date.now() - killedAt);
  }

  /** A graceful stop (SIGTERM, then SIGKILL after 10 s). */
  async stop(): Promise<void> {
    if (this.child) await stopGracefully(this.child);
  }

  /** The last lines of the server log, for a failure message. */
  logTail(lines = 30): string {
    try {
      return readFileSync(this.options.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}
