/**
 * The app's production build (`dist/server/main.js`) as child processes: started with the cluster's
 * environment, waited on until ready, stopped with SIGTERM or killed with SIGKILL, started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { productionEnv, ROOT } from '../../scripts/lib/server-process';

export const ENTRY = path.join(ROOT, 'dist/server/main.js');

export function assertBuilt(): void {
  if (!existsSync(ENTRY) || !existsSync(path.join(ROOT, 'dist/web/index.html'))) {
    throw new Error('no production build: run `npm run build` before the cluster tests');
  }
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Polls `url` until it answers 200 (or the child exits). */
export async function waitForOk(url: string, child?: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && hasExited(child)) throw new Error(`${url}: the process exited while starting`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export class AppProcess {
  readonly url: string;
  private child: ChildProcess | null = null;
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Spawns the process; `ready` waits for /api/health/ready. */
  spawn(): void {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    log.write(`\n----- start #${this.starts + 1} at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, ['--enable-source-maps', ENTRY], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    child.once('exit', (code, signal) => {
      log.end(`----- exit ${code ?? signal} at ${new Date().toISOString()}\n`);
    });
    this.child = child;
    this.starts++;
  }

  /** Generous: a start takes seconds on an idle machine, but a minute or more on a shared one. */
  ready(timeoutMs = 180_000): Promise<void> {
    return waitForOk(`${this.url}/api/health/ready`, this.child ?? undefined, timeoutMs);
  }

  async start(): Promise<void> {
    this.spawn();
    await this.ready();
  }

  /** SIGTERM; resolves with the exit code and how long the exit took. */
  async terminate(): Promise<{ code: number | null; ms: number }> {
    const child = this.child;
    if (!child || hasExited(child)) return { code: child?.exitCode ?? null, ms: 0 };
    const started = Date.now();
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill('SIGTERM');
    const [code] = await exited;
    return { code, ms: Date.now() - started };
  }

  /** kill -9: no shutdown hook runs. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || hasExited(child)) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  get running(): boolean {
    return this.child !== null && !hasExited(this.child);
  }

  log(lines = 40): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

/** What every process of the cluster shares: one database, one public address, one SMTP server. */
export function clusterEnv(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string;
}): NodeJS.ProcessEnv {
  return {
    ...productionEnv({
      port: options.port,
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      logLevel: 'warn',
      appSecret: 'cluster-only-secret-0123456789abcdef01234567',
    }),
    // Every process answers for the load balancer's address, as in a real deployment.
    PUBLIC_URL: options.publicUrl,
    // HAProxy on this machine sets X-Forwarded-For (ADR 039).
    TRUST_PROXY: 'loopback',
    MAIL_DRIVER: 'smtp',
    SMTP_URL: options.smtpUrl,
    // Sweeps every second and no hold window, so all three processes race for each payout.
    SWEEP_INTERVAL_SECONDS: '1',
    PAYOUT_HOLD_DAYS: '0',
    // An outage shows within a second or two rather than production's longer waits (ADR 045).
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    DATABASE_STATEMENT_TIMEOUT_MS: '5000',
    DATABASE_POOL_SIZE: '5',
  };
}
