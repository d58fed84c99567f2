import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '../../../contracts/notifications';
import type { MailTransport } from '../../adapters/mail/types';
import { mailOutbox } from '../../db/schema';
import { asSent } from '../../test/mail';
import { signedInUser, type TestUser } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { deliverDueMail } from '../mail';
import {
  queueDisputeResolvedMail,
  queuePayoutSentMail,
  queueNewQuestionMail,
} from '../payments/money-mail';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './tokens';

const PREVIOUS_SECRET = 'a-previous-app-secret-rotated-out-0123456789';
const ORIGIN = { origin: 'http://localhost:3000' };

describe(`notification preferences and one-click unsubscribe (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ APP_SECRET_PREVIOUS: PREVIOUS_SECRET });
    coach = await signedInUser(t.app, t.ctx, { name: 'Casey Coach', roles: ['expert'] });
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  /** A money-mail subject with the test Coach as its Coach. */
  const subject = () => ({
    questionId: '00000000-0000-4000-8000-000000000025',
    question: 'How do I defend a taller forward?',
    context: null,
    amount: 4000,
    responseHours: 168,
    answerBy: new Date('2026-12-01T10:00:00Z'),
    playerName: 'Pat Player',
    playerEmail: 'pat-prefs@example.test',
    coachName: coach.name,
    coachEmail: coach.email,
  });
  const mailsTo = (email: string, title: string) =>
    asSent(
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, title))),
    );
  const preferences = async (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/account/notifications',
      headers: cookie ? { cookie } : {},
    });
  const choose = (cookie: string, category: string, enabled: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/notifications',
      payload: { category, enabled },
      headers: { ...ORIGIN, cookie },
    });
  const enabledOf = async (category: string) =>
    (
      (await preferences(coach.cookie)).json().preferences as {
        category: string;
        enabled: boolean;
      }[]
    ).find((p) => p.category === category)?.enabled;
  /** The unsubscribe link of the newest payout mail to the Coach, from its List-Unsubscribe header. */
  const payoutLink = async () => {
    await db().delete(mailOutbox).where(eq(mailOutbox.to, coach.email));
    await queuePayoutSentMail(db(), t.ctx.config, subject(), 2800);
    const [mail] = await mailsTo(coach.email, 'Your payout is on its way');
    const header = mail?.headers?.['List-Unsubscribe'] ?? '';
    return new URL(header.slice(1, -1));
  };
  const oneClick = (url: URL, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('every e-mail can be chosen but product news, which is off until chosen', async () => {
    expect((await preferences()).statusCode).toBe(401);
    const res = await preferences(coach.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toEqual([
      { category: 'new_questions', enabled: true },
      { category: 'conversation_messages', enabled: true },
      { category: 'reminders', enabled: true },
      { category: 'payout_sent', enabled: true },
      { category: 'product_news', enabled: false },
    ]);
  });

  it('a kind turned off stays off and is not queued; money e-mails still are', async () => {
    await db().delete(mailOutbox);
    const off = await choose(coach.cookie, 'new_questions', false);
    expect(off.statusCode).toBe(200);
    expect(await enabledOf('new_questions')).toBe(false);
    await queueNewQuestionMail(db(), t.ctx.config, subject());
    expect(await mailsTo(coach.email, 'You have a new question')).toHaveLength(0);
    // A dispute's outcome is about money: it cannot be turned off and carries no unsubscribe link.
    await queueDisputeResolvedMail(
      db(),
      t.ctx.config,
      subject(),
      { outcome: 'release' },
      'The answer covers it.',
    );
    const [money] = await mailsTo(coach.email, 'The dispute on your answer was resolved');
    expect(money?.headers).toBeNull();
    expect(money?.text).not.toContain('Unsubscribe');

    expect((await choose(coach.cookie, 'new_questions', true)).statusCode).toBe(200);
    await queueNewQuestionMail(db(), t.ctx.config, subject());
    const [mail] = await mailsTo(coach.email, 'You have a new question');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<${t.ctx.config.PUBLIC_URL}/unsubscribe\\?token=[^>]+>$`),
    );
    expect(mail?.text).toContain('You get this e-mail because “New questions” is on');
    expect(mail?.html).toContain('>Unsubscribe</a>');
  });

  it('the transport is handed the List-Unsubscribe headers', async () => {
    await db().delete(mailOutbox);
    await queuePayoutSentMail(db(), t.ctx.config, subject(), 2800);
    const sent: Parameters<MailTransport['deliver']>[0][] = [];
    const transport: MailTransport = {
      name: 'smtp',
      deliver: async (message) => void sent.push(message),
    };
    await deliverDueMail(db(), transport, pino({ level: 'silent' }));
    expect(sent[0]?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(sent[0]?.headers?.['List-Unsubscribe']).toContain('/unsubscribe?token=');
  });

  it('the unsubscribe page reads its link without signing in', async () => {
    const link = await payoutLink();
    const res = await t.app.inject({ method: 'GET', url: `/api${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ category: 'payout_sent', enabled: true });
  });

  it('a one-click POST without cookies, from anywhere, turns off exactly that kind', async () => {
    const link = await payoutLink();
    const res = await oneClick(link, { origin: 'https://mail.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ category: 'payout_sent', enabled: false });
    expect(await enabledOf('payout_sent')).toBe(false);
    expect(await enabledOf('new_questions')).toBe(true);
    await db().delete(mailOutbox).where(eq(mailOutbox.to, coach.email));
    await queuePayoutSentMail(db(), t.ctx.config, subject(), 2800);
    expect(await mailsTo(coach.email, 'Your payout is on its way')).toHaveLength(0);
    // A second click changes nothing and still answers.
    expect((await oneClick(link)).statusCode).toBe(200);
  });

  it('the page can undo it, with a plain form that needs no JavaScript', async () => {
    const token = signUnsubscribeToken(t.ctx.config.APP_SECRET, coach.userId, 'payout_sent');
    const url = `/unsubscribe?token=${encodeURIComponent(token)}`;
    // The page's form, from a browser that holds cookies and says `Origin: null` (no-referrer).
    const undo = await t.app.inject({
      method: 'POST',
      url,
      payload: 'choice=on',
      headers: {
        origin: 'null',
        cookie: coach.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(undo.statusCode).toBe(303);
    expect(undo.headers.location).toBe(url);
    expect(await enabledOf('payout_sent')).toBe(true);
    const off = await t.app.inject({
      method: 'POST',
      url,
      payload: 'choice=off',
      headers: { ...ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(off.statusCode).toBe(303);
    expect(await enabledOf('payout_sent')).toBe(false);
    expect((await choose(coach.cookie, 'payout_sent', true)).statusCode).toBe(200);
  });

  it('refuses a forged token, one for another kind, and one for another person', async () => {
    const link = await payoutLink();
    const token = link.searchParams.get('token') ?? '';
    const [userId, , signature] = [
      token.slice(0, token.indexOf('.payout_sent.')),
      'payout_sent',
      token.slice(token.lastIndexOf('.') + 1),
    ];
    const other = await signedInUser(t.app, t.ctx);
    const forged = [
      `${userId}.payout_sent.${'A'.repeat(signature.length)}`,
      `${userId}.new_questions.${signature}`,
      `${userId}.product_news.${signature}`,
      `${other.userId}.payout_sent.${signature}`,
      signUnsubscribeToken('another-secret-that-is-long-enough-000000', userId, 'payout_sent'),
      `${userId}.payout_sent`,
      'nonsense',
    ];
    for (const bad of forged) {
      const url = new URL(`http://x/unsubscribe?token=${encodeURIComponent(bad)}`);
      const res = await oneClick(url);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(NOTIFICATION_MESSAGES.invalidLink);
      const read = await t.app.inject({ method: 'GET', url: `/api${url.pathname}${url.search}` });
      expect(read.statusCode, bad).toBe(400);
    }
    expect(await enabledOf('payout_sent')).toBe(true);
    expect(await enabledOf('new_questions')).toBe(true);
    expect(await enabledOf('product_news')).toBe(false);
  });

  it('accepts a link signed with a secret rotated out (ADR 047)', async () => {
    const old = signUnsubscribeToken(PREVIOUS_SECRET, coach.userId, 'reminders');
    expect(verifyUnsubscribeToken([t.ctx.config.APP_SECRET], old)).toBeNull();
    const url = new URL(`http://x/unsubscribe?token=${encodeURIComponent(old)}`);
    expect((await oneClick(url)).statusCode).toBe(200);
    expect(await enabledOf('reminders')).toBe(false);
  });

  it('refuses a preference that is not one of the categories', async () => {
    expect((await choose(coach.cookie, 'payment', false)).statusCode).toBe(400);
    expect((await choose(coach.cookie, 'refund', false)).statusCode).toBe(400);
  });
});
