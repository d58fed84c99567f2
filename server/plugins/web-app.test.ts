import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachPath } from '../../contracts/coach-slug';
import * as renderer from '../../web/entry-server';
import { users } from '../db/schema';
import { insertCoach } from '../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/harness';

/** Every pattern a replacement string expands (`$$`, `$&`, `` $` ``, `$'`, `$n`, `$<name>`). */
const DOLLAR_PATTERNS = ['$$', '$&', '$`', "$'", '$1', '$0', '$99', '$<name>', '$<', '$'];

/** Text with at least one `$` pattern among arbitrary graphemes (no NUL: PostgreSQL text refuses it). */
const hostileText = fc
  .tuple(
    fc.constantFrom(...DOLLAR_PATTERNS),
    fc.array(
      fc.oneof(fc.constantFrom(...DOLLAR_PATTERNS), fc.string({ unit: 'grapheme', maxLength: 8 })),
      { maxLength: 6 },
    ),
  )
  .map(([first, rest]) => [first, ...rest].join('').replaceAll('\0', ''));

/** How React writes text into HTML. */
const reactEscaped = (text: string) =>
  text.replace(
    /["&'<>]/g,
    (c) => ({ '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' })[c] ?? c,
  );

/** Every object in the page's data that describes the Coach with this id. */
function coachesIn(value: unknown, id: string): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap((item) => coachesIn(item, id));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const own = record.id === id && 'name' in record ? [record] : [];
  return [...own, ...Object.values(record).flatMap((item) => coachesIn(item, id))];
}

describe(`server-rendered pages with hostile Coach text (${testDatabaseKind})`, () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    // The page template is the source index.html; the renderer is the web app's server entry.
    webRoot = await mkdtemp(path.join(tmpdir(), 'playbook-web-'));
    await copyFile(
      path.join(import.meta.dirname, '../../web/index.html'),
      path.join(webRoot, 'index.html'),
    );
    t = await createTestApp({}, undefined, { webRoot, renderer });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  /** Announces a change to Coach profiles and waits until the caches have heard it. */
  const announce = async (userId: string) => {
    const heard = new Promise<void>((resolve) => {
      const stop = t.ctx.bus.subscribe('coaches.changed', (event) => {
        if (event.userId !== userId) return;
        stop();
        resolve();
      });
    });
    await t.ctx.bus.publish('coaches.changed', { userId });
    await heard;
  };

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    const states = [
      ...res.body.matchAll(/<script type="application\/json" id="ssr-state">([^<]*)<\/script>/g),
    ];
    expect(states, `${url}: one data element`).toHaveLength(1);
    const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(res.body);
    return { state: JSON.parse(states[0]?.[1] ?? '') as unknown, root: root?.[1] ?? '' };
  };

  it('home, /coaches and the Coach page carry every $ pattern and any Unicode intact', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, hostileText, async (name, expertise, bio) => {
        const db = t.ctx.database.db;
        const coach = await insertCoach(db, { name, expertise, bio });
        await announce(coach.userId);
        try {
          for (const url of ['/', '/coaches', coachPath(coach)]) {
            const { state, root } = await page(url);
            const shown = coachesIn(state, coach.id);
            expect(shown.length, `${url} holds the Coach`).toBeGreaterThan(0);
            for (const data of shown) {
              expect(data.name).toBe(name);
              if ('expertise' in data) expect(data.expertise).toBe(expertise);
              if ('bio' in data) expect(data.bio).toBe(bio);
            }
            expect(root, `${url} shows the name, escaped`).toContain(reactEscaped(name));
          }
          const coachPage = coachesIn((await page(coachPath(coach))).state, coach.id);
          expect(coachPage.some((data) => data.bio === bio && data.expertise === expertise)).toBe(
            true,
          );
        } finally {
          // One Coach at a time, so each run's Coach is the newest and on the first page.
          await db.delete(users).where(eq(users.id, coach.userId));
          await announce(coach.userId);
        }
      }),
      // The penetration test's name first (issue 21).
      { numRuns: 25, examples: [["Ann $' Lee", 'Tennis $& $`', 'Bio $1 $<name> $$']] },
    );
    // 75 server renders of CPU alone: 16 s beside the browser lane, over 30 s under coverage on a
    // loaded machine. The limit is for a hang, not a slow machine.
  }, 120_000);
});
