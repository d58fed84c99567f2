/**
 * Realtime: how long from an answer's submission to the Player's `questions.changed` SSE event, and how
 * many idle SSE connections one server process holds at what resident memory.
 */
import http from 'node:http';
import net from 'node:net';
import type pg from 'pg';
import { SHAPES } from './constants';
import type { Size } from './db';
import { coachNumber, insertPendingQuestions, playerNumber } from './fixtures';
import { BETA_COOKIE_PAIR, request, signIn } from './http';
import type { Child } from './processes';
import { percentile } from './stats';

export interface SseLatency {
  answers: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
}

const EVENT_TIMEOUT_MS = 10_000;

/** An SSE stream as a signed-in browser opens it; resolves once the stream has started. */
function openStream(baseUrl: string, cookie: string, onEvent: (name: string) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(
      new URL('/api/events', baseUrl),
      { headers: { cookie: `${BETA_COOKIE_PAIR}; ${cookie}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`/api/events answered ${res.statusCode}`));
          return;
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.+)$/m.exec(block)?.[1];
            if (name) onEvent(name);
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

/** 200 answers one after the other; each waits for the Player's event before the next. */
export async function measureSseLatency(
  baseUrl: string,
  pool: pg.Pool,
  size: Size,
  count: number,
): Promise<SseLatency> {
  const coach = await coachNumber(pool, SHAPES[size].coaches - 1);
  const player = playerNumber(size, 90);
  const ids = await insertPendingQuestions(pool, coach, player, count);
  const coachCookie = await signIn(baseUrl, coach.email);
  const playerCookie = await signIn(baseUrl, player.email);
  let waiter: (() => void) | null = null;
  const stream = await openStream(baseUrl, playerCookie, (name) => {
    if (name === 'questions.changed' && waiter) waiter();
  });
  const latencies: number[] = [];
  try {
    for (const id of ids) {
      const started = performance.now();
      const event = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), EVENT_TIMEOUT_MS);
        waiter = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      const res = await request(baseUrl, {
        method: 'POST',
        path: `/api/questions/${id}/answer`,
        cookie: coachCookie,
        json: { answer: 'Realtime bench answer: keep your elbow in.' },
      });
      if (res.status !== 204) throw new Error(`answer ${id}: ${res.status} ${res.body}`);
      if (await event) latencies.push(performance.now() - started);
      waiter = null;
    }
  } finally {
    stream.destroy();
  }
  return {
    answers: ids.length,
    received: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
  };
}

export interface IdleLevel {
  connections: number;
  opened: number;
  failed: number;
  rssMB: number;
  kbPerConnection: number;
  /** Median latency of the home Coach list while the connections are held. */
  homeP50Ms: number;
}

/** Opens one anonymous SSE connection with a raw socket; resolves when the stream's first bytes arrive. */
function openIdle(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('timeout'));
    }, 30_000);
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.once('connect', () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n` +
          `Cookie: ${BETA_COOKIE_PAIR}\r\n\r\n`,
      );
    });
    socket.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      if (chunk.toString().startsWith('HTTP/1.1 200')) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(chunk.toString().split('\r\n')[0]));
      }
    });
    // Later bytes (keep-alive comments) are read and dropped.
  });
}

async function homeP50(baseUrl: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 20; i++)
    times.push((await request(baseUrl, { path: '/api/coaches/newest' })).ms);
  return percentile(times, 50);
}

/** Opens connections up to each level in turn (batches of 250), measuring RSS at each. */
export async function measureIdleSse(
  server: Child,
  levels: number[],
  log: (line: string) => void,
): Promise<IdleLevel[]> {
  const port = Number(new URL(server.url).port);
  const sockets: net.Socket[] = [];
  const baseRss = server.rss();
  log(`  idle SSE: server RSS before ${(baseRss / 2 ** 20).toFixed(0)} MB`);
  const results: IdleLevel[] = [];
  let failed = 0;
  try {
    for (const level of levels) {
      while (sockets.length < level) {
        const batch = Math.min(250, level - sockets.length);
        const opened = await Promise.allSettled(
          Array.from({ length: batch }, () => openIdle(port)),
        );
        let batchFailed = 0;
        for (const o of opened) {
          if (o.status === 'fulfilled') {
            o.value.on('data', () => undefined);
            o.value.on('error', () => undefined);
            sockets.push(o.value);
          } else batchFailed++;
        }
        failed += batchFailed;
        if (batchFailed === batch) break;
      }
      await new Promise((r) => setTimeout(r, 2000));
      const rss = server.rss();
      const result: IdleLevel = {
        connections: level,
        opened: sockets.length,
        failed,
        rssMB: rss / 2 ** 20,
        kbPerConnection: sockets.length ? (rss - baseRss) / 1024 / sockets.length : 0,
        homeP50Ms: await homeP50(server.url),
      };
      log(
        `  ${String(result.opened).padStart(6)} idle SSE connections: RSS ${result.rssMB.toFixed(0)} MB ` +
          `(+${result.kbPerConnection.toFixed(1)} KB each), home p50 ${result.homeP50Ms.toFixed(1)} ms` +
          (failed ? `, ${failed} failed` : ''),
      );
      results.push(result);
      if (sockets.length < level) break;
    }
  } finally {
    for (const s of sockets) s.destroy();
  }
  return results;
}
