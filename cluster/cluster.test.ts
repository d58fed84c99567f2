/**
 * Three processes of the production build behind HAProxy, on one PostgreSQL database (ADR 052):
 * sessions and realtime across processes, sweeps that act once, a rolling restart and a kill -9
 * under load, and a 15-second database outage. Run by `npm test` after the build when
 * TEST_DATABASE_URL is set (`npx vitest run --config vitest.cluster.config.ts`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '../server/test/sse';
import { startCluster, type Cluster } from './support/cluster';
import {
  answer,
  ask,
  Client,
  createCoach,
  createPlayer,
  pay,
  type Coach,
  type User,
} from './support/client';
import type { AppProcess } from './support/processes';

const OUTAGE_MS = 15_000;

/** The ids of the `questions.changed` events a stream carried. */
const questionEventIds = (received: string) =>
  [...received.matchAll(/^id: (\d+)\nevent: questions\.changed$/gm)].map((m) => Number(m[1]));

const eventsStream = (base: string, who: User, headers: Record<string, string> = {}) =>
  openSse(`${base}/api/events`, { cookie: who.cookie ?? '', ...headers });

/**
 * A steady load through the load balancer until stopped: each Player reads its inbox count and the
 * Coach list and asks a question with an Idempotency-Key, over and over. Every answer other than the
 * expected one, and every call the client gave up on, is a failure.
 */
function startLoad(client: Client, players: User[], coach: Coach, label: string) {
  const acknowledged = new Map<string, string>();
  const failures: string[] = [];
  let requests = 0;
  let running = true;
  const check = async (what: string, run: () => Promise<unknown>) => {
    requests++;
    try {
      await run();
    } catch (err) {
      failures.push(`${what}: ${(err as Error).message}`);
    }
  };
  const loops = players.map(async (player, p) => {
    for (let n = 0; running; n++) {
      await check('unread count', () =>
        client.expect(player, { path: '/api/questions/unread-count' }, [200]),
      );
      await check('coach list', () => client.expect(player, { path: '/api/coaches' }, [200]));
      const text = `${label} question ${n} of player ${p}: does a restart lose anything?`;
      await check('ask', async () => {
        acknowledged.set(await ask(client, player, coach, text, randomUUID()), text);
      });
    }
  });
  return {
    acknowledged,
    failures,
    requests: () => requests,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'three processes behind HAProxy on one PostgreSQL database',
  () => {
    const runId = randomBytes(4).toString('hex');
    let cluster: Cluster;
    let client: Client;
    let coach: Coach;
    let players: User[];
    let apps: AppProcess[];

    /** Every acknowledged question is stored, once. */
    async function expectStored(acknowledged: Map<string, string>) {
      const ids = [...acknowledged.keys()];
      const rows = await cluster.query<{ id: string; question: string }>(
        'SELECT id, question FROM questions WHERE id = ANY($1::uuid[])',
        [ids],
      );
      expect(rows.length).toBe(ids.length);
      for (const row of rows) expect(row.question).toBe(acknowledged.get(row.id));
      const [{ count } = { count: '-1' }] = await cluster.query<{ count: string }>(
        'SELECT count(*) FROM questions WHERE question = ANY($1::text[])',
        [[...acknowledged.values()]],
      );
      // The retries of a keyed ask found the question they had made: none twice.
      expect(Number(count)).toBe(ids.length);
    }

    beforeAll(async () => {
      cluster = await startCluster();
      apps = cluster.apps;
      client = new Client(cluster.url);
      coach = await createCoach(client, cluster.smtp, runId);
      players = await Promise.all(
        [1, 2, 3].map((n) => createPlayer(client, cluster.smtp, runId, n)),
      );
    }, 300_000);

    afterAll(async () => {
      if (!cluster) return;
      for (const app of apps) if (!app.running) console.log(`${app.name} log:\n${app.log()}`);
      await cluster.close();
    }, 60_000);

    it('a session works on every process, and a stream through HAProxy hears what any process causes', async () => {
      const [player] = players;
      for (const app of apps) {
        const { body } = await client.expect<{ user: { id: string } | null }>(
          player!,
          { path: '/api/account' },
          [200],
          app.url,
        );
        expect(body.user?.id).toBe(player!.userId);
      }
      const stream = await eventsStream(cluster.url, player!);
      try {
        await stream.until((received) => /^id: \d+$/m.test(received));
        // One question asked on each process, straight to it: at least two of them are not the
        // process that holds the stream.
        for (const [i, app] of apps.entries()) {
          await ask(
            client,
            player!,
            coach,
            `Question ${i} asked on ${app.name}`,
            randomUUID(),
            app.url,
          );
        }
        await stream.until((received) => questionEventIds(received).length >= apps.length);
      } finally {
        stream.close();
      }
    });

    it('the payout release sweep, run by all three processes every second, pays each answer once', async () => {
      const [player] = players;
      const questions = new Map<string, string>();
      for (let n = 0; n < 4; n++) {
        const text = `Sweep question ${n} of run ${runId}: who pays me?`;
        const id = await ask(client, player!, coach, text, randomUUID());
        await pay(client, player!, coach, id);
        await answer(client, coach, id, `Answer ${n}: exactly one of the three processes.`);
        questions.set(id, text);
      }
      const ids = [...questions.keys()];
      const payouts = () =>
        cluster.query<{ question_id: string; status: string; transfer_id: string | null }>(
          'SELECT question_id, status, transfer_id FROM payouts WHERE question_id = ANY($1::uuid[])',
          [ids],
        );
      await expect
        .poll(async () => (await payouts()).filter((p) => p.status === 'paid').length, {
          timeout: 60_000,
        })
        .toBe(ids.length);
      const payoutMails = () =>
        cluster.smtp.received.filter(
          (m) => m.to.includes(coach.email) && m.subject === 'Your payout is on its way',
        );
      const mailsFor = (text: string) => payoutMails().filter((m) => m.text.includes(text)).length;
      await expect
        .poll(() => [...questions.values()].every((text) => mailsFor(text) >= 1), {
          timeout: 60_000,
        })
        .toBe(true);
      // Three more sweeps and mail rounds on every process: none acts on these again.
      await sleep(3_000);
      const rows = await payouts();
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        expect(row.status).toBe('paid');
        // The local provider's transfer, keyed by the payout: one transfer per payout.
        expect(row.transfer_id).toMatch(/^tr_local_[0-9a-f]{24}$/);
      }
      expect(new Set(rows.map((r) => r.transfer_id)).size).toBe(ids.length);
      for (const text of questions.values()) expect(mailsFor(text)).toBe(1);
    }, 180_000);

    it('a rolling restart under steady load fails no request of a retrying client and loses no write', async () => {
      const load = startLoad(client, players, coach, 'Rolling');
      await expect.poll(() => load.acknowledged.size, { timeout: 60_000 }).toBeGreaterThan(2);
      for (const app of apps) {
        // An open stream used to keep SIGTERM from ever finishing: one stays open on each process.
        const stream = await eventsStream(app.url, players[0]!);
        await stream.until((received) => /^id: \d+$/m.test(received));
        const { code, ms } = await app.terminate();
        expect(code).toBe(0);
        expect(ms).toBeLessThan(10_000);
        // Ended by the server, last with the hint that sends the browser back after 1-3 s.
        expect(await stream.ended).toMatch(/retry: \d+\n\n$/);
        const started = Date.now();
        await app.start();
        const readyMs = Date.now() - started;
        // As a deploy script would: the next process only once HAProxy routes to this one again.
        await cluster.waitForBalancer('UP', [app.name]);
        console.log(
          `${app.name}: exited ${ms} ms after SIGTERM; ready ${readyMs} ms and in rotation ${Date.now() - started} ms after its start`,
        );
      }
      const before = load.acknowledged.size;
      await expect.poll(() => load.acknowledged.size, { timeout: 60_000 }).toBeGreaterThan(before);
      await load.stop();
      console.log(
        `rolling restart: ${load.requests()} requests, ${load.acknowledged.size} questions, retries ${JSON.stringify([...client.retries])}`,
      );
      expect(load.failures).toEqual([]);
      await expectStored(load.acknowledged);
    }, 600_000);

    it('kill -9 of a process loses no acknowledged write, and its streams resume elsewhere with nothing missed', async () => {
      const [victim, witness] = apps as [AppProcess, AppProcess, AppProcess];
      const [player] = players;
      // One stream on the process about to die, one on a process that stays: the witness hears all.
      const dying = await eventsStream(victim.url, player!);
      const control = await eventsStream(witness.url, player!);
      let resumed: SseStream | null = null;
      const load = startLoad(client, players, coach, 'Crash');
      try {
        await dying.until((received) => questionEventIds(received).length >= 2);
        await victim.kill();
        await dying.ended;
        const lastEventId = dying.lastEventId();
        expect(lastEventId).toMatch(/^\d+$/);
        // The browser reconnects through the load balancer, which routes around the dead process.
        await cluster.waitForBalancer('DOWN', [victim.name]);
        await ask(client, player!, coach, 'Asked while a process lay dead', randomUUID());
        resumed = await eventsStream(cluster.url, player!, { 'last-event-id': lastEventId! });
        await victim.start();
        await cluster.waitForBalancer('UP', [victim.name]);
        const before = load.acknowledged.size;
        await expect
          .poll(() => load.acknowledged.size, { timeout: 60_000 })
          .toBeGreaterThan(before);
        await load.stop();
        console.log(
          `kill -9: ${load.requests()} requests, ${load.acknowledged.size} questions, retries so far ${JSON.stringify([...client.retries])}`,
        );
        await ask(client, player!, coach, 'Asked after the crash', randomUUID());

        const dyingText = await dying.ended;
        // Every event the witness heard reached the dying stream before the kill or the resumed one.
        await expect
          .poll(
            async () => {
              const heard = questionEventIds(await control.until(() => true));
              const got = new Set([
                ...questionEventIds(dyingText),
                ...questionEventIds(await resumed!.until(() => true)),
              ]);
              return { heard: heard.length > 2, missing: heard.filter((id) => !got.has(id)) };
            },
            { timeout: 60_000 },
          )
          .toEqual({ heard: true, missing: [] });
        expect(load.failures).toEqual([]);
        await expectStored(load.acknowledged);
      } finally {
        await load.stop();
        dying.close();
        control.close();
        resumed?.close();
      }
    }, 300_000);

    it('after a 15 s database outage every process is ready again, the bus delivers and the queued e-mails go out', async () => {
      const [player] = players;
      // Answers queue an e-mail to the Player each; the database is cut as soon as they commit.
      const waiting = await Promise.all(
        [0, 1, 2].map((n) =>
          ask(client, player!, coach, `Outage question ${n} of run ${runId}`, randomUUID()),
        ),
      );
      const answered = (id: string) => (m: { to: string[]; text: string }) =>
        m.to.includes(player!.email) && m.text.includes(`/questions/${id}`);
      for (const id of waiting) await answer(client, coach, id, 'Answered just before the outage.');
      await cluster.proxy.set('refuse');
      const cutAt = Date.now();
      const sentBeforeCut = waiting.filter((id) => cluster.smtp.received.some(answered(id))).length;
      expect(sentBeforeCut).toBeLessThan(waiting.length);

      // Each process turns not ready, and users get a quick 503 rather than a hang.
      await cluster.waitForBalancer(
        'DOWN',
        apps.map((app) => app.name),
        OUTAGE_MS,
      );
      const during = await client.once(cluster.url, player!, {
        path: '/api/questions/unread-count',
      });
      expect(during.status).toBe(503);
      await sleep(Math.max(0, cutAt + OUTAGE_MS - Date.now()));
      await cluster.proxy.set('forward');

      await Promise.all(apps.map((app) => app.ready()));
      await cluster.waitForBalancer(
        'UP',
        apps.map((app) => app.name),
      );
      // The bus of every process delivers again: a question asked on one reaches streams on all.
      const streams = await Promise.all(apps.map((app) => eventsStream(app.url, player!)));
      try {
        await Promise.all(streams.map((s) => s.until((received) => /^id: \d+$/m.test(received))));
        await ask(client, player!, coach, 'Asked after the outage', randomUUID(), apps[1]!.url);
        await Promise.all(
          streams.map((s) => s.until((received) => questionEventIds(received).length >= 1)),
        );
      } finally {
        streams.forEach((s) => s.close());
      }
      for (const id of waiting) await cluster.smtp.waitFor(answered(id), 60_000);
    }, 300_000);
  },
);
