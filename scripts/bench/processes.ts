/**
 * Child processes of the bench: the production build of the app on a bench database, and the plain
 * Fastify hello-world baseline. Each runs in its own process, so autocannon (in the bench process)
 * never shares an event loop with the server it measures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  productionEnv,
  ROOT,
  snapshotBuild as snapshotInto,
  stopGracefully,
  waitForHttp,
} from '../lib/server-process';

export { ensureBuild, ROOT } from '../lib/server-process';

/** The server the bench runs: a snapshot of dist/ (see snapshotBuild), not dist/ itself. */
let snapshotEntry: string | null = null;

/** The bench's fixed secrets: a throwaway database, never a real deployment. */
export const BENCH_APP_SECRET = 'bench-only-secret-0123456789abcdef0123456789';
export const BENCH_BETA_CODE = 'bench-beta-code';

/** Every child still running; killed when the bench exits, however it exits. */
const running = new Set<ChildProcess>();
const temporary: string[] = [];
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

export interface Child {
  name: string;
  pid: number;
  url: string;
  /** Resident memory of the process in bytes, from /proc. */
  rss(): number;
  stop(): Promise<void>;
}

/** Snapshots the build for this run (see lib/server-process.ts); the app is started from it. */
export function snapshotBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playbook-bench-build-'));
  temporary.push(dir);
  snapshotEntry = snapshotInto(dir);
  return dir;
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

function track(name: string, child: ChildProcess, url: string, stderrTail: string[]): Child {
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} did not start`);
  return {
    name,
    pid,
    url,
    rss: () => rssOf(pid),
    async stop() {
      await stopGracefully(child);
      if (child.exitCode && child.exitCode !== 0 && stderrTail.length > 0) {
        console.error(`${name} stderr:\n${stderrTail.join('')}`);
      }
    },
  };
}

function spawnTracked(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  healthUrl: string,
): Promise<Child> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const stderrTail: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail.push(chunk.toString());
    if (stderrTail.length > 50) stderrTail.shift();
  });
  const tracked = track(name, child, url, stderrTail);
  return waitForHttp(healthUrl, child).then(
    () => tracked,
    async (err: unknown) => {
      await tracked.stop();
      throw new Error(`${name}: ${String(err)}\n${stderrTail.join('')}`);
    },
  );
}

/** A fresh DATA_DIR, removed when the bench exits. */
export function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playbook-bench-data-'));
  temporary.push(dir);
  return dir;
}

export interface AppServerOptions {
  databaseUrl: string;
  port: number;
  logLevel: string;
  /** The server's DATA_DIR when the caller needs to know it (the upload phase); else a fresh one. */
  dataDir?: string;
  /** More configuration, e.g. the s3 storage driver. */
  env?: NodeJS.ProcessEnv;
}

/** `node dist/server/main.js` in production mode on a bench database, limits raised for the load. */
export function startAppServer(options: AppServerOptions): Promise<Child> {
  const url = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...productionEnv({
      port: options.port,
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir ?? dataDir(),
      logLevel: options.logLevel,
      appSecret: BENCH_APP_SECRET,
    }),
    BETA_ACCESS_CODE: BENCH_BETA_CODE,
    ...options.env,
  };
  return spawnTracked(
    'app',
    ['--enable-source-maps', snapshotEntry ?? path.join(ROOT, 'dist/server/main.js')],
    env,
    url,
    `${url}/api/health`,
  );
}

/** The plain Fastify hello-world of scripts/bench/hello-server.ts. */
export function startHelloServer(port: number): Promise<Child> {
  const url = `http://127.0.0.1:${port}`;
  return spawnTracked(
    'baseline',
    ['--import', 'tsx', path.join(ROOT, 'scripts/bench/hello-server.ts')],
    { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), NODE_ENV: 'production' },
    url,
    `${url}/`,
  );
}

/** scripts/bench/upload-floor-server.ts, writing into `dir`. */
export function startUploadFloorServer(port: number, dir: string): Promise<Child> {
  const url = `http://127.0.0.1:${port}`;
  return spawnTracked(
    'upload floor',
    ['--import', 'tsx', path.join(ROOT, 'scripts/bench/upload-floor-server.ts')],
    { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), UPLOAD_DIR: dir },
    url,
    `${url}/`,
  );
}
