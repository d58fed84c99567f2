import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_PAYMENT_REASONS } from '../../../contracts/payments';
import { REFUND_REASONS } from '../../../contracts/question-states';
import { depsOf } from '../../context';
import { mailOutbox } from '../../db/schema';
import { asSent } from '../../test/mail';
import { insertCoach, insertQuestion, insertUser } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import {
  emailChangedEmail,
  passwordChangedEmail,
  resetPasswordEmail,
  verificationEmail,
} from '../auth/emails';
import { applyPaymentEvent, moneyOf } from '../payments';
import {
  queueDisputeMail,
  queueDisputeResolvedMail,
  queueExtraPaymentRefundMail,
  queueAnswerReminderMail,
  queueNewQuestionMail,
  queuePayoutSentMail,
  queueRefundMail,
  queueUnpaidDeclineMail,
} from '../payments/money-mail';
import { answerQuestion } from '../questions/service';
import { queueAnsweredMail } from '../questions/question-mail';
import { queueMail } from './outbox';

const logger = pino({ level: 'silent' });
const token = (claims: object) =>
  `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

/** Every kind of e-mail the app queues, by subject. */
const KINDS = [
  'Confirm your Playbook account',
  'Confirm your new Playbook e-mail address',
  'Reset your Playbook password',
  'Your Playbook e-mail address was changed',
  'Your Playbook password was changed',
  'You have a new question',
  'Your question has been answered',
  'A question is waiting for your answer',
  'A payment was refunded',
  'Your question was refunded',
  'Your question was declined and refunded',
  'A question was refunded to the Player',
  'Your question was declined',
  'A Player disputed your answer',
  'New dispute to review',
  'Your dispute was resolved',
  'The dispute on your answer was resolved',
  'Your payout is on its way',
];

describe(`every e-mail is composed with HTML and plain text (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  it('the new-question, receipt and answered e-mails of a paid, answered question', async () => {
    await db().delete(mailOutbox);
    const coach = await insertCoach(db(), { name: 'Casey Coach' });
    const player = await insertUser(db(), { name: 'Pat Player' });
    const q = await insertQuestion(db(), {
      coachId: coach.id,
      playerId: player.id,
      playerName: player.name,
      playerEmail: player.email,
      paymentStatus: 'pending',
    });
    await applyPaymentEvent(moneyOf(t.ctx, logger), 'local', {
      id: 'evt_kinds',
      type: 'checkout.completed',
      questionId: q.id,
      paymentIntentId: 'pi_kinds',
    });
    await answerQuestion(
      depsOf(t.ctx, logger),
      { id: coach.userId, name: coach.name, email: coach.email },
      q.id,
      'Keep your eyes up.',
    );
    const all = await asSent(db().select().from(mailOutbox));
    expect(all.map((m) => m.subject).sort()).toEqual([
      'You have a new question',
      'Your question has been answered',
      'Your receipt 000001',
    ]);
    // The receipt (ADR 056) points to Payment History, where its PDF is.
    const receipt = all.find((m) => m.subject.startsWith('Your receipt'));
    expect(receipt?.to).toBe(player.email);
    expect(receipt?.html).toMatch(/^<!DOCTYPE html/);
    expect(receipt?.text).toContain(`${t.ctx.config.PUBLIC_URL}/payments`);
    const mails = all.filter((m) => m !== receipt);
    const link = `${t.ctx.config.PUBLIC_URL}/questions/${q.id}`;
    const [toCoach] = mails.filter((m) => m.to === coach.email);
    expect(toCoach?.text).toContain('Hi Casey Coach,');
    expect(toCoach?.text).toContain('Pat Player asked you a question and paid for it.');
    // The question summary block (ADR 060): the question, fee and deadline, as HTML and text.
    expect(toCoach?.text).toContain(q.question);
    expect(toCoach?.text).toMatch(/Answer by [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(toCoach?.html).toContain('Deadline');
    const [toPlayer] = mails.filter((m) => m.to === player.email);
    expect(toPlayer?.text).toContain('Hi Pat Player,');
    expect(toPlayer?.text).toContain('Casey Coach has answered your question on Playbook:');
    // The answer itself travels in the e-mail (ADR 060).
    expect(toPlayer?.text).toContain('Keep your eyes up.');
    for (const mail of mails) {
      expect(mail.html, mail.subject).toContain('<html');
      expect(mail.html, mail.subject).toContain(`href="${link}"`);
      expect(mail.text, mail.subject).toContain(link);
    }
  });

  it('every kind queued', async () => {
    await db().delete(mailOutbox);
    const { config } = t.ctx;
    const s = {
      questionId: '00000000-0000-4000-8000-000000000001',
      question: 'How do I defend a taller forward?',
      context: 'I play centre back.',
      amount: 4000,
      responseHours: 24,
      answerBy: new Date('2026-11-28T10:00:00Z'),
      playerName: 'Pat Player',
      playerEmail: 'pat@example.test',
      coachName: 'Casey Coach',
      coachEmail: 'casey@example.test',
    };
    const person = { name: 'Pat Player', email: 'pat@example.test' };
    const url = 'http://localhost/api/auth/verify-email?token=x';
    const contact = 'http://localhost/contact';
    await queueMail(db(), config, verificationEmail(person, url, token({ email: person.email })));
    await queueMail(
      db(),
      config,
      verificationEmail(person, url, token({ email: person.email, updateTo: 'new@x.test' })),
    );
    await queueMail(db(), config, resetPasswordEmail(person, url));
    await queueMail(
      db(),
      config,
      emailChangedEmail(person, { old: person.email, new: 'new@x.test' }, contact),
    );
    await queueMail(db(), config, passwordChangedEmail(person, contact));
    await queueNewQuestionMail(db(), config, s);
    await queueAnsweredMail(
      db(),
      config,
      { id: s.questionId, ...s },
      s.coachName,
      'Stay goal side.',
    );
    await queueAnswerReminderMail(db(), config, s);
    for (const reason of EXTRA_PAYMENT_REASONS) {
      await queueExtraPaymentRefundMail(db(), config, s, reason);
    }
    for (const reason of REFUND_REASONS) {
      await queueRefundMail(db(), config, s, reason, 'Not my field.');
    }
    await queueUnpaidDeclineMail(db(), config, s, null);
    await queueDisputeMail(db(), config, s, { reason: 'incomplete', details: null });
    await queueDisputeResolvedMail(
      db(),
      config,
      s,
      { outcome: 'release' },
      'The answer covers it.',
    );
    await queuePayoutSentMail(db(), config, s, 700);

    const mails = await asSent(db().select().from(mailOutbox));
    expect([...new Set(mails.map((m) => m.subject))].sort()).toEqual([...KINDS].sort());
    for (const mail of mails) {
      expect(mail.html, mail.subject).toMatch(/^<!DOCTYPE html[\s\S]*<\/html>$/);
      expect(mail.html, mail.subject).toContain(mail.subject.replaceAll("'", '&#x27;'));
      expect(mail.text, mail.subject).toContain(mail.subject.toUpperCase());
      expect(mail.text.length, mail.subject).toBeGreaterThan(mail.subject.length + 20);
    }
    const [answered] = await asSent(
      db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, 'Your question has been answered')),
    );
    expect(answered?.text).toContain(`/questions/${s.questionId}`);
  });
});
