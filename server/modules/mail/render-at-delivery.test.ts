import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailTransport } from '../../adapters/mail/types';
import { mailOutbox } from '../../db/schema';
import { transaction } from '../../db/unit-of-work';
import { connectPayouts, requestsTo, signedInUser, type TestUser } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { applyPaymentEvent, moneyOf } from '../payments';
import { prepareMail, renderMail } from './compose';
import { deliverDueMail, forgetPersonInMail, queueMail } from './outbox';

const logger = pino({ level: 'silent' });

function recordingTransport(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { name: 'outbox', sent, deliver: async (message) => void sent.push(message) };
}

describe(`e-mails are rendered by the delivery job, never in a transaction (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let coachId: string;
  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Casey Coach' });
    const profile = await call('PUT', '/api/profiles/expert', coach, {
      name: 'Casey Coach',
      expertise: 'Football',
      price: 40,
      acceptedAgreement: true,
    });
    coachId = profile.json().id;
    await connectPayouts(t.app, coach);
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
  });
  afterAll(() => t.close());

  it('the answer path queues its e-mails without rendering; delivery renders them, as before', async () => {
    // The sign-ups' confirmation mail is not this test's.
    await db().delete(mailOutbox);
    const asked = await call('POST', '/api/questions', player, {
      coachId,
      playerName: 'Pat Player',
      question: 'How do I defend a taller forward?',
      pledge: true,
      acceptedConsents: true,
    });
    expect(asked.statusCode).toBe(201);
    const id = asked.json<{ id: string }>().id;
    // Paid (the new-question e-mail to the Coach, the receipt to the Player), then answered (the
    // answered e-mail to the Player): three e-mails, each queued in its change's transaction.
    await applyPaymentEvent(moneyOf(t.ctx, logger), 'local', {
      id: `evt_${id}`,
      type: 'checkout.completed',
      questionId: id,
      paymentIntentId: `pi_${id}`,
    });
    const answered = await call('POST', `/api/questions/${id}/answer`, coach, {
      answer: 'Stay goal side and win the first contact.',
    });
    // Had either rendered an e-mail inside its transaction, it would have failed.
    expect(answered.statusCode).toBe(204);

    // What the rows hold: what each message is and says, nothing rendered yet.
    const queued = await db().select().from(mailOutbox);
    expect(queued.map((m) => m.kind).sort()).toEqual([
      'new-question',
      'payment-receipt',
      'question-answered',
    ]);
    for (const mail of queued) {
      expect(mail, mail.subject).toMatchObject({ status: 'pending', text: null, html: null });
      expect(mail.content?.greeting, mail.subject).toMatch(/^Hi /);
    }
    // The optional kinds carry the unsubscribe link decided at queue time (ADR 057).
    const toCoach = queued.find((m) => m.kind === 'new-question')!;
    expect(toCoach.content?.unsubscribe?.url).toMatch(/\/unsubscribe\?token=/);
    expect(toCoach.headers?.['List-Unsubscribe']).toBe(`<${toCoach.content?.unsubscribe?.url}>`);

    // The dev mailbox renders a message not sent yet on read (the browser tests read links there).
    const mailbox = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    const shown = mailbox.json<{ messages: { id: string; text: string }[] }>().messages;
    const link = `${t.ctx.config.PUBLIC_URL}/questions/${id}`;
    const answeredShown = shown.find(
      (m) => m.id === queued.find((q) => q.kind === 'question-answered')!.id,
    );
    expect(answeredShown?.text).toContain(link);

    // The delivery job renders them, outside any transaction, and records what it sent.
    const transport = recordingTransport();
    expect(await deliverDueMail(db(), transport, logger)).toBe(3);
    const bySubject = new Map(transport.sent.map((m) => [m.subject, m]));
    const answer = bySubject.get('Your question has been answered');
    // The same words as when they were rendered at queue time (kinds.test.ts checks every kind).
    expect(answer?.text).toContain('Hi Pat Player,');
    expect(answer?.text).toContain('Casey Coach has answered your question on Playbook:');
    expect(answer?.text).toContain('Stay goal side and win the first contact.');
    expect(answer?.text).toContain(link);
    expect(answer?.html).toMatch(/^<!DOCTYPE html/);
    expect(answer?.html).toContain(`href="${link}"`);
    expect(answer?.text).toBe(answeredShown?.text);
    const newQuestion = bySubject.get('You have a new question');
    expect(newQuestion?.text).toContain('Pat Player asked you a question and paid for it.');
    expect(newQuestion?.text).toContain(toCoach.content!.unsubscribe!.url);
    expect(newQuestion?.headers).toEqual(toCoach.headers);
    const sent = await db().select().from(mailOutbox);
    for (const mail of sent) {
      const delivered = transport.sent.find((m) => m.subject === mail.subject);
      expect(mail, mail.subject).toMatchObject({
        status: 'sent',
        text: delivered?.text,
        html: delivered?.html,
      });
    }
  });

  it("refuses to render inside a unit of work's transaction, and renders outside one", async () => {
    const message = prepareMail({
      kind: 'operator-notice',
      to: 'ops@example.test',
      subject: 'A notice',
      greeting: 'Hi,',
      paragraphs: ['Something happened.'],
    });
    await expect(
      transaction({ db: db(), bus: t.ctx.bus }, () => renderMail(message)),
    ).rejects.toThrow('Rendering the e-mail "A notice" ran inside a database transaction');
    // Outside one it renders.
    expect((await renderMail(message)).text).toContain('Something happened.');
  });

  it('a message scrubbed by a deletion while it was being sent keeps no copy naming the person', async () => {
    await db().delete(mailOutbox);
    const questionId = '00000000-0000-4000-8000-0000000000aa';
    await queueMail(db(), t.ctx.config, {
      kind: 'operator-notice',
      to: 'ops@example.test',
      subject: 'A dispute',
      greeting: 'Hi,',
      paragraphs: ['Zed Zebedee disputed an answer.'],
      action: { label: 'Open it', url: `http://localhost/questions/${questionId}` },
    });
    // The person's account is deleted while the message is on its way (ADR 041).
    const racing: MailTransport = {
      name: 'outbox',
      deliver: () =>
        db().transaction((tx) =>
          forgetPersonInMail(
            tx,
            { names: ['Zed Zebedee'], emails: [], questionIds: [questionId] },
            { name: 'Deleted user', email: 'deleted@deleted.invalid' },
          ),
        ),
    };
    expect(await deliverDueMail(db(), racing, logger)).toBe(1);
    const [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', text: null, html: null });
    expect(JSON.stringify(row)).not.toContain('Zebedee');
    expect(JSON.stringify(row)).toContain('Deleted user disputed an answer.');
  });

  it('a kind the recipient turned off is still not queued at all', async () => {
    await db().delete(mailOutbox);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/account/notifications',
      payload: { category: 'new_questions', enabled: false },
      headers: { origin: 'http://localhost:3000', cookie: coach.cookie },
    });
    expect(off.statusCode).toBeLessThan(300);
    const queued = await queueMail(db(), t.ctx.config, {
      kind: 'new-question',
      to: coach.email,
      subject: 'You have a new question',
      greeting: 'Hi Casey Coach,',
      paragraphs: ['Someone asked.'],
    });
    expect(queued).toBe(false);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, coach.email))).toEqual([]);
  });
});
