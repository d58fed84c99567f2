import type { Page } from '@playwright/test';
import { formatAnswerBy } from '../contracts/response-time';
import { expect } from './support/fixtures';
import { letDeadlinePass, onOwnPostgres, postgresServerUrl } from './support/own-postgres';
import { askAndPay } from './support/questions';

/**
 * The response-time promise (issue 24, ADR 060): the Coach promises 24 hours, a Player asks and
 * pays, both see "Answer by" 24 hours after the payment, and when that moment passes unanswered
 * the question is refunded with the 24-hour promise's words. Its own server on PostgreSQL (port
 * 4590), so the test can move the clock.
 */
const test = onOwnPostgres(4590, 'e2e_promise');
const HOUR_MS = 3_600_000;

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe('the response-time promise', () => {
  // Several people, pages and payments on a loaded machine; the fixtures' set-up counts too.
  test.describe.configure({ timeout: 300_000 });
  test.skip(!postgresServerUrl, 'runs when TEST_DATABASE_URL names a PostgreSQL server');
  test.use({ coachName: 'Noa Promise', playerName: 'Remy Waits' });

  test('a 24-hour promise sets "Answer by" 24 hours after payment, and refunds when it passes', async ({
    coach: { page: coach, coachId },
    player: { page: player },
    database,
  }) => {
    // The Coach promises 24 hours on Manage Coach Profile.
    await coach.goto('/manage-expert-profile');
    await coach.getByLabel('Response time').selectOption('24 hours');
    await coach.getByRole('button', { name: 'Save Changes' }).click();
    await expect(coach.getByText('Profile saved!')).toBeVisible();
    await player.goto(`/expert/${coachId}`);
    await expect(player.getByText('Answers within 24 h')).toBeVisible();

    const path = await askAndPay(player, coachId, 'How do I stay calm on penalties?');
    const id = path.split('/').pop() ?? '';
    const { rows } = await database.query<{ paid_at: Date; answer_by: Date }>(
      'SELECT paid_at, answer_by FROM questions WHERE id = $1',
      [id],
    );
    const { paid_at: paidAt, answer_by: answerBy } = rows[0] ?? {};
    if (!paidAt || !answerBy) throw new Error('the question was not paid');
    expect(answerBy.getTime() - paidAt.getTime()).toBe(24 * HOUR_MS);
    const deadline = formatAnswerBy(answerBy);

    // The question page (at 1280 and 390 px) and the Coach's inbox row say the same moment.
    await player.goto(path);
    await expect(player.getByText(deadline)).toBeVisible();
    await expect(
      player.getByText(
        'Your Coach has been notified. Unanswered questions are refunded after 24 hours.',
      ),
    ).toBeVisible();
    await player.setViewportSize({ width: 390, height: 844 });
    await expect(player.getByText(deadline)).toBeVisible();
    await screenshot(player, 'answer-by-390');
    await coach.goto('/expert-inbox');
    // The row is the card around the question's text.
    const row = coach.getByText('How do I stay calm on penalties?').locator('..');
    await expect(row.getByText(deadline)).toBeVisible();

    // A day and an hour pass unanswered: the refund job refunds it at "Answer by".
    await letDeadlinePass(database, id, { paid: '25 hours', deadline: '1 hour' });
    await player.goto(`/question/${id}`);
    await expect(player.getByText('Refunded', { exact: true }).first()).toBeVisible();
    await expect(
      player.getByText('This question was not answered within 24 hours and has been refunded.'),
    ).toBeVisible();
    await expect(player.getByText(/^Answer by /)).toHaveCount(0);
    await screenshot(player, 'refunded-390');
  });
});
