import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../../contracts/contact';
import { contactMessages } from '../../db/schema';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { joined } from '../../../contracts/messages';

const valid = {
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  phone: '',
  topic: 'response-issue',
  subject: 'My answer did not arrive yet',
  message: 'I asked a question last week and have not heard back.',
  agreeToTerms: true,
};

describe(`POST /api/contact (${testDatabaseKind})`, () => {
  let t: TestApp;
  let address = 0;
  const send = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as object,
      // A fresh address per request keeps the rate limit out of the way of validation tests.
      remoteAddress: `10.1.0.${++address}`,
    });
  const stored = () => t.ctx.database.db.select().from(contactMessages);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.database.db.delete(contactMessages);
  });

  it('stores a valid message', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.json().id,
      name: 'Jordan Lee',
      email: 'jordan@example.com',
      phone: null,
      topic: 'response-issue',
      subject: valid.subject,
    });
    expect(rows[0]?.agreedToTermsAt).toBeInstanceOf(Date);
  });

  it.each([
    [
      'agreement missing',
      { agreeToTerms: false },
      'agreeToTerms',
      joined(CONTACT_MESSAGES.agreementRequired),
    ],
    [
      'subject of four words',
      { subject: 'one two three four' },
      'subject',
      joined(CONTACT_MESSAGES.subjectTooShort),
    ],
    ['blank name', { name: '   ' }, 'name', CONTACT_MESSAGES.nameRequired],
    ['bad email', { email: 'not-an-email' }, 'email', CONTACT_MESSAGES.emailInvalid],
    ['unknown topic', { topic: 'billing' }, 'topic', CONTACT_MESSAGES.topicRequired],
    ['empty message', { message: '' }, 'message', CONTACT_MESSAGES.messageRequired],
  ])(
    'refuses %s with the spec message and stores nothing',
    async (_case, change, field, message) => {
      const res = await send({ ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
      expect(await stored()).toHaveLength(0);
    },
  );

  it('counts subject words by splitting on spaces', async () => {
    expect((await send({ ...valid, subject: 'a b c d e' })).statusCode).toBe(201);
    expect((await send({ ...valid, subject: 'a-b-c-d-e-f' })).statusCode).toBe(400);
  });

  it('refuses wrong types and malformed JSON without a 500', async () => {
    expect((await send({ ...valid, agreeToTerms: 'yes' })).statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await stored()).toHaveLength(0);
  });

  it('limits one address to 5 messages a minute', async () => {
    const fromOne = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: valid,
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 5; i++) expect((await fromOne()).statusCode).toBe(201);
    expect((await fromOne()).statusCode).toBe(429);
    expect(await stored()).toHaveLength(5);
  });
});
