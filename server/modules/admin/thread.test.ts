import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuestionThread } from '../../../contracts/admin-data';
import type { QuestionAttachments } from '../../../contracts/attachments';
import { questions } from '../../db/schema';
import { requestsTo, signedInUser, type TestUser } from '../../test/accounts';
import { askedQuestion } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { sampleFiles, tusUpload, uploadedId } from '../../test/uploads';
import { createAdmin } from './service';

/**
 * Issue 23: "Administrators see the whole thread with its attachments when handling a dispute or a
 * report, and can open every attachment."
 */
describe(`the administrator reads a question's whole thread (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let stranger: TestUser;
  let questionId: string;
  let adminToken = '';
  const call = requestsTo(() => t.app);
  const asAdmin = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${adminToken}` } });

  beforeAll(async () => {
    t = await createTestApp();
    ({ coach, player, questionId } = await askedQuestion(t.app, t.ctx, 'Coach Thread'));
    stranger = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    await t.ctx.database.db
      .update(questions)
      .set({ paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(questions.id, questionId));
    const send = async (user: TestUser, kind: string, body: string) =>
      expect(
        (await call('POST', `/api/questions/${questionId}/messages`, user, { kind, body }))
          .statusCode,
      ).toBe(201);
    await send(coach, 'clarification_request', 'Which hand do you shoot with?');
    await send(player, 'clarification_reply', 'My left hand.');
    const { last } = await tusUpload(t.app, coach, sampleFiles.webm(), 'release.webm');
    const answered = await call('POST', `/api/questions/${questionId}/answer`, coach, {
      answer: 'Release the ball at the top of your jump; watch the video.',
      attachmentIds: [uploadedId(last)],
    });
    expect(answered.statusCode).toBe(204);
    await send(player, 'follow_up', 'And my off hand?');
    await createAdmin(t.ctx.database.db, 'thread-admin', 'a-long-admin-password');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'thread-admin', password: 'a-long-admin-password' },
    });
    adminToken = login.json<{ token: string }>().token;
  });
  afterAll(() => t?.close());

  it('gives the question, every message with its author and time, and the answer, in time order', async () => {
    const res = await asAdmin(`/api/admin/questions/${questionId}/thread`);
    expect(res.statusCode).toBe(200);
    const thread = res.json<AdminQuestionThread>();
    expect(thread).toMatchObject({
      id: questionId,
      player: { id: player.userId },
      coach: { id: coach.userId, name: 'Coach Thread' },
      answer: 'Release the ball at the top of your jump; watch the video.',
    });
    expect(thread.messages.map((m) => [m.kind, m.authorRole, m.body])).toEqual([
      ['clarification_request', 'expert', 'Which hand do you shoot with?'],
      ['clarification_reply', 'asker', 'My left hand.'],
      ['follow_up', 'asker', 'And my off hand?'],
    ]);
    expect(thread.messages[0]?.authorName).toBe('Coach Thread');
    const times = thread.messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('gives the files with signed links the administrator can open', async () => {
    const res = await asAdmin(`/api/admin/questions/${questionId}/attachments`);
    expect(res.statusCode).toBe(200);
    const files = res.json<QuestionAttachments>();
    expect(files.answer).toMatchObject([{ kind: 'video', name: 'release.webm' }]);
    const opened = await t.app.inject({ method: 'GET', url: files.answer[0]!.url! });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('video/webm');
  });

  it('refuses anyone without the admin token, its own Player and Coach included', async () => {
    for (const path of ['thread', 'attachments']) {
      const url = `/api/admin/questions/${questionId}/${path}`;
      for (const user of [player, coach, stranger, undefined]) {
        expect((await call('GET', url, user)).statusCode, `${path} ${user?.name}`).toBe(401);
      }
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await asAdmin(`/api/admin/questions/${missing}/thread`)).statusCode).toBe(404);
    expect((await asAdmin('/api/admin/questions/not-a-uuid/thread')).statusCode).toBe(400);
  });
});
