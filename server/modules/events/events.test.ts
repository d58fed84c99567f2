import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

describe(`GET /api/events (${testDatabaseKind})`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it("announces 'coaches.changed' when a Coach saves a profile", async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const event = (async () => {
      while (!received.includes('event: coaches.changed')) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    })();

    const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: { name: 'Live Coach', expertise: 'Tennis', price: 20, acceptedAgreement: true },
    });
    await event;
    controller.abort();
    expect(received).toContain('event: coaches.changed');
  });
});
