import { expect, ownServer, test as base } from './support/fixtures';
import { openDatabase } from '../server/db/client';
import { abuseReports, payouts, questionMessages } from '../server/db/schema';
import { createAdmin } from '../server/modules/admin/service';
import { insertCoach, insertQuestion, insertUser } from '../server/test/factories';
import { checkOnPhone } from './support/layout';
import { dataDirCopy, startServer } from './support/server';

const ADMIN = { username: 'thread-admin', password: 'thread-admin-password' };
const MINUTE = 60_000;

/**
 * Issue 23: "Administrators see the whole thread ... when handling a dispute or a report"; issue
 * 24: "From any table an administrator opens a user"; and an open dispute is resolved only with a
 * note (ADR 066). Its own server on a seeded database (port from helper B's range).
 */
const test = base.extend({
  server: ownServer(async () => {
    const dataDir = await dataDirCopy('migrated', 'playbook-e2e-admin-thread-');
    const { db, close } = await openDatabase({ dataDir });
    const coach = await insertCoach(db, { name: 'Maya Torres' });
    const riley = await insertUser(db, { name: 'Riley Quinn', email: 'riley@example.test' });
    const asked = Date.now() - 60 * MINUTE;
    const question = await insertQuestion(db, {
      coachId: coach.id,
      playerId: riley.id,
      playerName: 'Riley Quinn',
      playerEmail: riley.email,
      question: 'How do I add 5 mph to my fastball?',
      context: 'I am 16 and pitch twice a week.',
      amount: 5000,
      paymentStatus: 'paid',
      paidAt: new Date(asked),
      createdAt: new Date(asked),
      status: 'answered',
      answer: 'Drive with your back leg and finish over your front knee.',
      answeredAt: new Date(asked + 30 * MINUTE),
      disputeFlagged: true,
      disputeReason: 'incomplete',
      disputeDetails: 'It ignored my age.',
      disputedAt: new Date(asked + 50 * MINUTE),
    });
    await db.insert(payouts).values({ questionId: question.id, coachId: coach.id, amount: 3500 });
    await db.insert(questionMessages).values([
      {
        questionId: question.id,
        authorId: coach.userId,
        kind: 'clarification_request',
        body: 'Which hand do you throw with?',
        createdAt: new Date(asked + 10 * MINUTE),
      },
      {
        questionId: question.id,
        authorId: riley.id,
        kind: 'clarification_reply',
        body: 'My left hand.',
        createdAt: new Date(asked + 20 * MINUTE),
      },
      {
        questionId: question.id,
        authorId: riley.id,
        kind: 'follow_up',
        body: 'What about my stride length?',
        createdAt: new Date(asked + 40 * MINUTE),
      },
    ]);
    await db.insert(abuseReports).values({
      reporterId: riley.id,
      reportedQuestionId: question.id,
      reportedCoachId: coach.id,
      reason: 'harassment',
      details: 'The Coach was rude.',
    });
    await createAdmin(db, ADMIN.username, ADMIN.password);
    await close();
    return startServer({ port: 4202, dataDir });
  }),
});

test.describe('the administrator reads the conversation and opens the people in it', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/admin-access');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Secure Login' }).click();
    await page.waitForURL('**/admin-dashboard');
  });

  const width = 1280;
  test('the dispute shows the whole thread in time order and asks for a note', async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('tab', { name: 'Disputes' }).click();
    const row = page
      .getByRole('table', { name: 'Disputes' })
      .getByRole('row', { name: /How do I add 5 mph/ });
    // No one-click settlement of an open dispute: only Review dispute, with its note.
    await expect(row.getByRole('button', { name: 'Review dispute' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Refund Player' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Release payout' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Review dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review dispute' });
    const conversation = dialog.getByRole('list', { name: 'Conversation' });
    await expect(dialog.getByText('I am 16 and pitch twice a week.')).toBeVisible();
    const texts = [
      'How do I add 5 mph to my fastball?',
      'Which hand do you throw with?',
      'My left hand.',
      'Drive with your back leg and finish over your front knee.',
      'What about my stride length?',
    ];
    for (const text of texts) await expect(dialog.getByText(text)).toBeVisible();
    await expect(
      conversation.first().getByRole('article', {
        name: 'Asked for details by Maya Torres',
      }),
    ).toBeVisible();
    // In time order: the question, the details asked and given, the answer, the follow-up.
    const order = await dialog.evaluate(
      (node, wanted) => wanted.map((text) => (node.textContent ?? '').indexOf(text)),
      texts,
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await dialog.getByLabel('Full refund').check();
    await dialog.getByRole('button', { name: 'Resolve dispute' }).click();
    await expect(dialog.getByText('Write a note of 1 to 2000 characters')).toBeVisible();
    await page.screenshot({ path: `test-results/admin-dispute-thread-${width}.png` });
    await checkOnPhone(page, 'admin-dispute-thread', [conversation.first()]);
    // The Player's name opens their user page.
    await dialog.getByRole('link', { name: 'Riley Quinn' }).first().click();
    await page.waitForURL('**/admin-users/**');
    await expect(page.getByRole('heading', { level: 1, name: 'Riley Quinn' })).toBeVisible();
    await page.screenshot({ path: `test-results/admin-user-page-${width}.png`, fullPage: true });
    await checkOnPhone(page, 'admin-user-page', [
      page.getByRole('heading', { level: 1, name: 'Riley Quinn' }),
    ]);
  });

  test('a report opens its conversation, and a name in the Questions table opens the user', async ({
    page,
  }) => {
    await page.getByRole('tab', { name: 'Reports' }).click();
    const report = page
      .getByRole('table', { name: 'Abuse reports' })
      .getByRole('row', { name: /The Coach was rude/ });
    await report.getByRole('button', { name: 'Read the conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Read the conversation' });
    await expect(dialog.getByText('Which hand do you throw with?')).toBeVisible();
    await expect(dialog.getByText('What about my stride length?')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Questions' }).click();
    const row = page
      .getByRole('table', { name: 'Questions' })
      .getByRole('row', { name: /How do I add 5 mph/ });
    await row.getByRole('link', { name: 'Maya Torres' }).click();
    await page.waitForURL('**/admin-users/**');
    await expect(page.getByRole('heading', { level: 1, name: 'Maya Torres' })).toBeVisible();
  });
});
