import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CLARIFICATIONS, DISPUTE_MESSAGES } from '../../../contracts/question-states';
import { THREAD_MESSAGES, type MessageKind } from '../../../contracts/question-thread';
import { QUESTION_MESSAGES } from '../../../contracts/questions';
import { UNSAFE_INPUT } from '../../../contracts/secure-input';
import { ATTACHMENT_MESSAGES, type QuestionAttachments } from '../../../contracts/attachments';
import {
  abuseReports,
  attachments,
  mailOutbox,
  payouts,
  questionMessages,
  questions,
} from '../../db/schema';
import { asSent } from '../../test/mail';
import { askCoach, requestsTo, signedInUser, type TestUser } from '../../test/accounts';
import { coachProfile } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { sampleFiles, tusUpload, uploadedId } from '../../test/uploads';
import { removeAccountAttachments } from '../attachments';

const HOUR = 3_600_000;

describe(`the conversation on a question (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let stranger: TestUser;
  let otherCoach: TestUser;
  let coachId: string;

  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;
  let address = 0;
  const send = (
    user: TestUser | undefined,
    id: string,
    kind: MessageKind,
    body: string,
    attachmentIds?: unknown,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/questions/${id}/messages`,
      headers: user ? { cookie: user.cookie } : {},
      // Sending is rate-limited per address; this file sends far more than one person would.
      remoteAddress: `10.30.${Math.floor(++address / 250)}.${address % 250}`,
      payload: attachmentIds === undefined ? { kind, body } : { kind, body, attachmentIds },
    });
  const detail = async (user: TestUser, id: string) =>
    (await call('GET', `/api/questions/${id}`, user)).json();
  const messagesOf = (id: string) =>
    db().select().from(questionMessages).where(eq(questionMessages.questionId, id));
  const mailTo = async (to: string, subject: string) =>
    (await asSent(db().select().from(mailOutbox).where(eq(mailOutbox.to, to)))).filter((m) =>
      m.subject.includes(subject),
    );

  /** A question the Player asked and paid for (as a completed checkout would record it). */
  async function paidQuestion() {
    const id = await askCoach(call, player, coachId);
    await db()
      .update(questions)
      .set({ paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(questions.id, id));
    return id;
  }
  async function answered() {
    const id = await paidQuestion();
    const res = await call('POST', `/api/questions/${id}/answer`, coach, {
      answer: 'Keep your hips low and stay on your inside foot.',
    });
    expect(res.statusCode).toBe(204);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ QUESTION_RATE_LIMIT_PER_MINUTE: '1000' });
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Lee' });
    coachId = await coachProfile(t.app, coach, 'Coach Lee');
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
    stranger = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    otherCoach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    await coachProfile(t.app, otherCoach, 'Other Coach');
  });
  afterAll(() => t.close());

  describe('asking for details before the answer', () => {
    let id: string;
    beforeAll(async () => {
      id = await paidQuestion();
    });

    it('lets the Coach ask, shows it to the Player in the thread and e-mails them', async () => {
      const res = await send(coach, id, 'clarification_request', 'Which hand do you shoot with?');
      expect(res.statusCode).toBe(201);
      const q = await detail(player, id);
      expect(q.messages).toEqual([
        {
          id: res.json().id,
          kind: 'clarification_request',
          authorRole: 'expert',
          authorName: 'Coach Lee',
          body: 'Which hand do you shoot with?',
          createdAt: expect.any(String),
        },
      ]);
      const [mail] = await mailTo(player.email, 'asked for details');
      expect(mail?.subject).toBe('Coach Lee asked for details about your question');
      expect(mail?.text).toContain('Which hand do you shoot with?');
      expect(mail?.text).toContain(`/questions/${id}`);
      // The Player's badge counts it until they reply (issue 36), not only until they look.
      expect((await call('GET', '/api/questions/unread-count', player)).json().count).toBe(1);
      await call('POST', `/api/questions/${id}/viewed`, player);
      expect((await call('GET', '/api/questions/unread-count', player)).json().count).toBe(1);
    });

    it('lets the Player reply once per request, flags the reply in the Coach inbox and e-mails the Coach', async () => {
      const res = await send(player, id, 'clarification_reply', 'My right hand, I am 16.');
      expect(res.statusCode).toBe(201);
      const again = await send(player, id, 'clarification_reply', 'And I play guard.');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(THREAD_MESSAGES.noRequest);

      const inbox = (await call('GET', '/api/questions/coach-inbox', coach)).json();
      const row = inbox.questions.find((q: { id: string }) => q.id === id);
      expect(row).toMatchObject({ messageCount: 2, replyWaiting: true });
      // The reply is in: the Coach's work queue says so, and the Player owes nothing more.
      expect(row.need).toEqual({ kind: 'reply', by: row.answerBy });
      expect((await call('GET', '/api/questions/unread-count', player)).json().count).toBe(0);
      const mine = (await call('GET', '/api/questions/mine', player)).json();
      expect(mine.questions.find((q: { id: string }) => q.id === id).messageCount).toBe(2);
      const [mail] = await mailTo(coach.email, 'replied with the details');
      expect(mail?.text).toContain('My right hand, I am 16.');
      // Its button opens the page where the Coach answers (issue 36).
      expect(mail?.text).toContain(`/questions/${id}#respond`);

      const q = await detail(coach, id);
      expect(q.messages.map((m: { authorRole: string }) => m.authorRole)).toEqual([
        'expert',
        'asker',
      ]);
      expect(q.messages[1].authorName).toBe('Pat Player');
    });

    it(`refuses a request for details beyond ${MAX_CLARIFICATIONS}, changing nothing`, async () => {
      expect(
        (await send(coach, id, 'clarification_request', 'Left or right foot?')).statusCode,
      ).toBe(201);
      const third = await send(coach, id, 'clarification_request', 'How tall are you?');
      expect(third.statusCode).toBe(409);
      expect(third.json().message).toBe(THREAD_MESSAGES.detailsLimit);
      expect(await messagesOf(id)).toHaveLength(3);
    });

    it('refuses the wrong side, strangers and the signed-out, changing nothing', async () => {
      const asPlayer = await send(player, id, 'clarification_request', 'Can I ask myself?');
      expect(asPlayer.statusCode).toBe(403);
      expect(asPlayer.json().message).toBe(THREAD_MESSAGES.coachOnly);
      const asCoach = await send(coach, id, 'follow_up', 'Following up on myself');
      expect(asCoach.statusCode).toBe(403);
      expect(asCoach.json().message).toBe(QUESTION_MESSAGES.playerOnly);
      const fromStranger = await send(stranger, id, 'clarification_reply', 'Not my question');
      expect(fromStranger.statusCode).toBe(403);
      expect(fromStranger.json().message).toBe(QUESTION_MESSAGES.accessRestricted);
      expect((await send(otherCoach, id, 'clarification_request', 'Not mine')).statusCode).toBe(
        403,
      );
      expect((await send(undefined, id, 'clarification_reply', 'Who am I')).statusCode).toBe(401);
      const unknown = await send(player, crypto.randomUUID(), 'clarification_reply', 'Hello');
      expect(unknown.statusCode).toBe(404);
      expect(await messagesOf(id)).toHaveLength(3);
    });

    it('refuses bad input with the field message', async () => {
      const empty = await send(player, id, 'clarification_reply', '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(THREAD_MESSAGES.bodyLength);
      const long = await send(player, id, 'clarification_reply', 'x'.repeat(5001));
      expect(long.json().message).toBe(THREAD_MESSAGES.bodyLength);
      const script = await send(player, id, 'clarification_reply', '<script>alert(1)</script>');
      expect(script.json().message).toBe(UNSAFE_INPUT);
      const kind = await call('POST', `/api/questions/${id}/messages`, player, {
        kind: 'answer',
        body: 'Sneaky',
      });
      expect(kind.statusCode).toBe(400);
      expect(await messagesOf(id)).toHaveLength(3);
    });

    it('ends with the answer: no details asked or replies after it', async () => {
      const res = await call('POST', `/api/questions/${id}/answer`, coach, {
        answer: 'Tuck your elbow under the ball.',
      });
      expect(res.statusCode).toBe(204);
      const late = await send(coach, id, 'clarification_request', 'One more thing?');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(THREAD_MESSAGES.detailsAfterAnswer);
      const reply = await send(player, id, 'clarification_reply', 'Late reply');
      expect(reply.json().message).toBe(THREAD_MESSAGES.replyClosed);
      const inbox = (await call('GET', '/api/questions/coach-inbox', coach)).json();
      expect(inbox.questions.find((q: { id: string }) => q.id === id).replyWaiting).toBe(false);
    });
  });

  describe('the one follow-up', () => {
    it('is refused before the answer', async () => {
      const id = await paidQuestion();
      const res = await send(player, id, 'follow_up', 'Can I follow up already?');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(THREAD_MESSAGES.followUpClosed);
    });

    it('holds the payout while it waits, once, and the answer releases the window 24 h later', async () => {
      const id = await answered();
      const [before] = await db().select().from(payouts).where(eq(payouts.questionId, id));
      const unread = () => call('GET', '/api/questions/unread-count', coach);
      const unreadBefore = (await unread()).json().count as number;
      const sent = await send(player, id, 'follow_up', 'What about when I am tired?');
      expect(sent.statusCode).toBe(201);
      const [mail] = await mailTo(coach.email, 'sent a follow-up');
      expect(mail?.text).toContain('What about when I am tired?');
      // Its button opens the page at the follow-up's form (issue 36).
      expect(mail?.text).toContain(`/questions/${id}#conversation`);

      const [held] = await db().select().from(payouts).where(eq(payouts.questionId, id));
      // 72 hours to answer, then 24 hours to dispute: past the usual 3-day window.
      expect(held!.releasableAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 95 * HOUR);
      expect(held!.releasableAt.getTime()).toBeGreaterThan(before!.releasableAt.getTime());
      const list = (await call('GET', '/api/payouts', coach)).json();
      const card = list.payouts.find((p: { id: string }) => p.id === held!.id);
      expect(card.followUpWaiting).toBe(true);
      // The follow-up is new to the Coach's badge.
      expect((await unread()).json().count).toBe(unreadBefore + 1);

      const second = await send(player, id, 'follow_up', 'And a second one?');
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(THREAD_MESSAGES.followUpTaken);

      const answer = await send(coach, id, 'follow_up_answer', 'Shorten your release when tired.');
      expect(answer.statusCode).toBe(201);
      const [done] = await db().select().from(payouts).where(eq(payouts.questionId, id));
      // Back to the usual window (3 days after the answer), which is later than 24 h from now.
      expect(done!.releasableAt.getTime()).toBe(before!.releasableAt.getTime());
      const after = (await call('GET', '/api/payouts', coach)).json();
      expect(after.payouts.find((p: { id: string }) => p.id === held!.id).followUpWaiting).toBe(
        false,
      );
      const q = await detail(player, id);
      expect(q.followUpAnswered).toBe(true);
      expect(q.messages.map((m: { kind: string }) => m.kind)).toEqual([
        'follow_up',
        'follow_up_answer',
      ]);
      const [told] = await mailTo(player.email, 'answered your follow-up');
      expect(told?.subject).toBe('Coach Lee answered your follow-up');
      const twice = await send(coach, id, 'follow_up_answer', 'Another answer');
      expect(twice.json().message).toBe(THREAD_MESSAGES.noFollowUp);
    });

    it('keeps the dispute window open 24 h after a late follow-up answer', async () => {
      const id = await answered();
      // The answer was given almost 3 days ago: its usual window ends within the hour.
      const soon = new Date(Date.now() + HOUR / 2);
      await db().update(payouts).set({ releasableAt: soon }).where(eq(payouts.questionId, id));
      await db()
        .update(questions)
        .set({ answeredAt: new Date(soon.getTime() - 3 * 24 * HOUR) })
        .where(eq(questions.id, id));
      expect((await send(player, id, 'follow_up', 'One last thing?')).statusCode).toBe(201);
      expect((await send(coach, id, 'follow_up_answer', 'Sure, here it is.')).statusCode).toBe(201);
      const [row] = await db().select().from(payouts).where(eq(payouts.questionId, id));
      expect(row!.releasableAt.getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
      expect(row!.releasableAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    });

    it('expires unanswered: the Coach can no longer answer and the Player may dispute it as not answered', async () => {
      const id = await answered();
      const early = await call('POST', `/api/questions/${id}/dispute`, player, {
        reason: 'follow_up_unanswered',
      });
      expect(early.statusCode).toBe(409);
      expect((await send(player, id, 'follow_up', 'Are you there?')).statusCode).toBe(201);
      const notYet = await call('POST', `/api/questions/${id}/dispute`, player, {
        reason: 'follow_up_unanswered',
      });
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json().message).toBe(DISPUTE_MESSAGES.followUpNotExpired);

      await db()
        .update(questions)
        .set({ followUpUntil: new Date(Date.now() - 1000) })
        .where(eq(questions.id, id));
      const late = await send(coach, id, 'follow_up_answer', 'Sorry, I was away.');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(THREAD_MESSAGES.noFollowUp);
      const dispute = await call('POST', `/api/questions/${id}/dispute`, player, {
        reason: 'follow_up_unanswered',
      });
      expect(dispute.statusCode).toBe(204);
      const [row] = await db().select().from(questions).where(eq(questions.id, id));
      expect(row?.disputeReason).toBe('follow_up_unanswered');
    });

    it('keeps exactly one of two follow-ups sent at the same instant', async () => {
      const id = await answered();
      const [a, b] = await Promise.all([
        send(player, id, 'follow_up', 'First of two at once'),
        send(player, id, 'follow_up', 'Second of two at once'),
      ]);
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
      const kept = await messagesOf(id);
      expect(kept).toHaveLength(1);
      const [row] = await db().select().from(questions).where(eq(questions.id, id));
      expect(row?.messageCount).toBe(1);
    });
  });

  describe('closed questions', () => {
    it('takes no messages after a refund, changing nothing', async () => {
      const id = await paidQuestion();
      await db()
        .update(questions)
        .set({ status: 'refunded', paymentStatus: 'refunded', refundedAt: new Date() })
        .where(eq(questions.id, id));
      const res = await send(coach, id, 'clarification_request', 'Still there?');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(THREAD_MESSAGES.closed);
      expect(await messagesOf(id)).toHaveLength(0);
    });

    it('takes no messages after a decline', async () => {
      const id = await paidQuestion();
      expect((await call('POST', `/api/questions/${id}/decline`, coach, {})).statusCode).toBe(204);
      const res = await send(coach, id, 'clarification_request', 'Changed my mind?');
      expect(res.json().message).toBe(THREAD_MESSAGES.closed);
    });

    it('takes no messages during an open dispute', async () => {
      const id = await answered();
      const flagged = await call('POST', `/api/questions/${id}/dispute`, player, {
        reason: 'incomplete',
      });
      expect(flagged.statusCode).toBe(204);
      const res = await send(player, id, 'follow_up', 'Following up during a dispute');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(THREAD_MESSAGES.disputeOpen);
      expect(await messagesOf(id)).toHaveLength(0);
    });
  });

  describe('files on messages (issue 23)', () => {
    const uploaded = async (user: TestUser, bytes: Buffer, name: string) =>
      uploadedId((await tusUpload(t.app, user, bytes, name)).last);
    const filesOf = async (user: TestUser, id: string) =>
      (await call('GET', `/api/questions/${id}/attachments`, user)).json<QuestionAttachments>();
    const unbound = async (attachmentId: string) =>
      (await db().select().from(attachments).where(eq(attachments.id, attachmentId)))[0]
        ?.questionId === null;

    it('binds the sender’s finished uploads to the message, shown to both sides under it', async () => {
      const id = await paidQuestion();
      await send(coach, id, 'clarification_request', 'Send me a photo of your grip.');
      const photo = await uploaded(player, await sampleFiles.photo(), 'grip.jpg');
      const pdf = await uploaded(player, sampleFiles.pdf(), 'plan.pdf');
      const res = await send(player, id, 'clarification_reply', 'Here it is.', [photo, pdf]);
      expect(res.statusCode).toBe(201);
      const messageId = res.json<{ id: string }>().id;
      for (const reader of [player, coach]) {
        const files = await filesOf(reader, id);
        expect(files.question).toEqual([]);
        expect(files.messages[messageId]).toMatchObject([
          { id: photo, kind: 'image', name: 'grip.jpg', removed: false },
          { id: pdf, kind: 'pdf', name: 'plan.pdf', removed: false },
        ]);
      }
      expect((await call('GET', `/api/questions/${id}/attachments`, stranger)).statusCode).toBe(
        403,
      );

      // The uploader's account deleted: the message stays, its files say "Attachment removed".
      await removeAccountAttachments(db(), player.userId, new Date());
      expect(await messagesOf(id)).toHaveLength(2);
      expect((await filesOf(coach, id)).messages[messageId]).toMatchObject([
        { name: ATTACHMENT_MESSAGES.removed, removed: true, url: null },
        { name: ATTACHMENT_MESSAGES.removed, removed: true, url: null },
      ]);
    });

    it('takes the answer to a follow-up with a video', async () => {
      const id = await answered();
      expect((await send(player, id, 'follow_up', 'Can you show me?')).statusCode).toBe(201);
      const video = await uploaded(coach, sampleFiles.webm(), 'drill.webm');
      const res = await send(coach, id, 'follow_up_answer', 'Watch this drill.', [video]);
      expect(res.statusCode).toBe(201);
      const files = await filesOf(player, id);
      expect(files.messages[res.json<{ id: string }>().id]).toMatchObject([
        { kind: 'video', contentType: 'video/webm' },
      ]);
    });

    it('refuses more than five, another person’s upload, an unfinished or a used one, changing nothing', async () => {
      const id = await paidQuestion();
      await send(coach, id, 'clarification_request', 'Any videos of your swing?');
      const six = await Promise.all(
        Array.from({ length: 6 }, async (_, i) =>
          uploaded(player, await sampleFiles.png(), `${i}.png`),
        ),
      );
      const theirs = await uploaded(coach, await sampleFiles.png(), 'coach.png');
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          cookie: player.cookie,
          'tus-resumable': '1.0.0',
          'upload-length': '4096',
        },
      });
      // Unfinished: created, no bytes sent; its id is its address's last segment.
      const unfinished = String(started.headers.location).split('/').pop()!;

      const refusals: [unknown, string][] = [
        [six, ATTACHMENT_MESSAGES.tooMany],
        [[theirs], ATTACHMENT_MESSAGES.notUsable],
        [[unfinished], ATTACHMENT_MESSAGES.notUsable],
        [[six[0], six[0]], ATTACHMENT_MESSAGES.notUsable],
        [['../../etc/passwd'], ATTACHMENT_MESSAGES.notUsable],
      ];
      for (const [ids, message] of refusals) {
        const res = await send(player, id, 'clarification_reply', 'My swing.', ids);
        expect(res.statusCode, JSON.stringify(ids)).toBe(400);
        expect(res.json().message, JSON.stringify(ids)).toBe(message);
        expect(await messagesOf(id)).toHaveLength(1);
      }
      for (const upload of [...six, theirs]) expect(await unbound(upload)).toBe(true);

      // Sent once, an upload is not the sender's to send again.
      const first = await send(player, id, 'clarification_reply', 'My swing.', [six[0]]);
      expect(first.statusCode).toBe(201);
      await send(coach, id, 'clarification_request', 'And from the side?');
      const again = await send(player, id, 'clarification_reply', 'Same one.', [six[0]]);
      expect(again.json().message).toBe(ATTACHMENT_MESSAGES.notUsable);
      expect(await messagesOf(id)).toHaveLength(3);
    });

    it('binds nothing to a question the sender may not message', async () => {
      const id = await paidQuestion();
      const own = await uploaded(stranger, await sampleFiles.png(), 'mine.png');
      const res = await send(stranger, id, 'follow_up', 'Look at this.', [own]);
      expect(res.statusCode).toBe(403);
      // Allowed to write on this question, but not this kind now: refused before any binding.
      const mine = await uploaded(player, await sampleFiles.png(), 'early.png');
      const early = await send(player, id, 'follow_up', 'Too early.', [mine]);
      expect(early.statusCode).toBe(409);
      expect(await unbound(own)).toBe(true);
      expect(await unbound(mine)).toBe(true);
      expect(await messagesOf(id)).toHaveLength(0);
    });
  });

  describe('reporting a message', () => {
    it('files an abuse report naming the message; not one about your own message', async () => {
      const id = await paidQuestion();
      const msg = (
        await send(coach, id, 'clarification_request', 'Send me your phone number')
      ).json().id as string;
      const url = `/api/questions/${id}/messages/${msg}/reports`;
      const own = await call('POST', url, coach, { reason: 'spam' });
      expect(own.statusCode).toBe(400);
      expect(own.json().message).toBe(THREAD_MESSAGES.ownMessage);
      expect((await call('POST', url, stranger, { reason: 'spam' })).statusCode).toBe(403);
      const res = await call('POST', url, player, { reason: 'scam', details: 'Off-platform' });
      expect(res.statusCode).toBe(201);
      const [report] = await db()
        .select()
        .from(abuseReports)
        .where(eq(abuseReports.reportedMessageId, msg));
      expect(report).toMatchObject({ reporterId: player.userId, reason: 'scam' });
      const wrong = await call(
        'POST',
        `/api/questions/${id}/messages/${crypto.randomUUID()}/reports`,
        player,
        { reason: 'spam' },
      );
      expect(wrong.statusCode).toBe(404);
    });
  });

  it('keeps no direction-override character of a message body, in the thread or its e-mail (issue 36)', async () => {
    const id = await paidQuestion();
    const res = await send(coach, id, 'clarification_request', 'Is it your \u202eleft\u202c hand?');
    expect(res.statusCode).toBe(201);
    const [message] = (await detail(player, id)).messages;
    expect(message.body).toBe('Is it your left hand?');
    const mail = (await mailTo(player.email, 'asked for details')).find((m) =>
      m.text.includes(`/questions/${id}`),
    );
    expect(mail?.text).toContain('Is it your left hand?');
  });
});
