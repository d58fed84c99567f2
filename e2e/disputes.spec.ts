import type { Page } from '@playwright/test';
import { DISPUTE_STATEMENT_MESSAGES, RESOLVE_MESSAGES } from '../contracts/disputes';
import { confirmationLink } from './support/accounts';
import { signInAsAdministrator } from './support/administrator';
import { expect, test } from './support/fixtures';
import { askAndPay } from './support/questions';

/**
 * A dispute heard from both sides (issue 24, ADR 063), with the Player, the Coach and the
 * administrator in three browser contexts: the Player disputes, the Coach is e-mailed and adds a
 * statement, the administrator reads both and settles with a partial refund and a note, and both
 * sides see the note and the money.
 */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The dev mailbox's messages to `to` (newest first). */
async function mailTo(page: Page, to: string) {
  const mailbox = (await (await page.request.get('/api/dev/mailbox')).json()) as {
    messages: { to: string; subject: string; text: string }[];
  };
  return mailbox.messages.filter((m) => m.to === to);
}

test.describe('a dispute heard from both sides', () => {
  // Several people, pages and payments on a loaded machine; the fixtures' set-up counts too.
  test.describe.configure({ timeout: 300_000 });
  test.use({ coachName: 'Ines Fairplay', playerName: 'Theo Disputes' });

  test('the Coach answers the dispute, the administrator refunds part with a note both sides see', async ({
    coach: { page: coach, coachId, email: coachEmail },
    player: { page: player, email: playerEmail },
    newPage,
  }) => {
    const details = 'The answer skipped the second half of my question.';
    const statement = 'I covered the grip; the footwork part was a new question.';
    const note = 'The footwork part was asked; a third of the fee goes back.';

    // The Player asks and pays $30; the Coach answers (through the API the Respond dialog calls).
    const path = await askAndPay(player, coachId, 'How should I grip and step on a jump shot?');
    const answered = await coach.request.post(`/api/questions/${path.split('/').pop()}/answer`, {
      data: { answer: 'Fingertips on the seams, ball on the shooting pocket.' },
      headers: { origin: new URL(coach.url()).origin },
    });
    expect(answered.status()).toBe(204);

    // The Player disputes on the question page.
    await player.goto(path);
    await player.getByRole('button', { name: 'Flag Dispute' }).click();
    const dialog = player.getByRole('dialog', { name: 'Flag a Dispute' });
    await dialog.getByLabel('Incomplete answer').check();
    await dialog.getByLabel('Details (optional)').fill(details);
    await dialog.getByRole('button', { name: 'Flag Dispute' }).click();
    await expect(player.getByText('Dispute open: under review')).toBeVisible();

    // The Coach is e-mailed, follows the link and adds a statement (at 390 px).
    await coach.setViewportSize({ width: 390, height: 844 });
    const link = await confirmationLink(coach, coachEmail, 'A Player disputed your answer');
    expect(new URL(link).pathname).toBe(path);
    await coach.goto(path);
    await expect(coach.getByText('Reason: Incomplete answer.', { exact: false })).toBeVisible();
    await coach.getByLabel(DISPUTE_STATEMENT_MESSAGES.label).fill(statement);
    await coach.getByRole('button', { name: DISPUTE_STATEMENT_MESSAGES.submit }).click();
    await expect(coach.getByText(DISPUTE_STATEMENT_MESSAGES.saved)).toBeVisible();
    await screenshot(coach, 'coach-statement-390');
    // The Player reads it too.
    await player.reload();
    await expect(player.getByText(statement)).toBeVisible();

    // The administrator hears both sides and refunds $10.00 of the $30.00.
    const admin = await newPage();
    await signInAsAdministrator(admin);
    await admin.getByRole('tab', { name: 'Disputes' }).click();
    await admin.getByRole('button', { name: RESOLVE_MESSAGES.review }).first().click();
    const review = admin.getByRole('dialog', { name: RESOLVE_MESSAGES.review });
    await expect(review.getByText('Incomplete answer')).toBeVisible();
    await expect(review.getByText(details)).toBeVisible();
    await expect(review.getByText(new RegExp(`Theo Disputes · ${playerEmail}`))).toBeVisible();
    await expect(review.getByText(statement)).toBeVisible();
    await review.getByLabel('Partial refund').check();
    await review.getByLabel(RESOLVE_MESSAGES.amountLabel).fill('10.00');
    // The Coach's payout is 70 % of the $20.00 kept.
    await expect(
      review.getByText('The Player gets $10.00 back; $20.00 is kept and the Coach is paid $14.00.'),
    ).toBeVisible();
    await review.getByLabel(RESOLVE_MESSAGES.noteLabel).fill(note);
    await screenshot(admin, 'admin-dispute-review');
    await review.getByRole('button', { name: RESOLVE_MESSAGES.submit }).click();
    await expect(admin.getByText(RESOLVE_MESSAGES.done)).toBeVisible();

    // Both sides see the note and the figures, and are e-mailed.
    await player.reload();
    await expect(player.getByText('Dispute resolved: partly refunded to you')).toBeVisible();
    await expect(player.getByText(note)).toBeVisible();
    const figures = (page: Page, label: string) =>
      page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(figures(player, 'Refunded to you')).toHaveText('$10.00');
    await expect(figures(player, 'Kept for the answer')).toHaveText('$20.00');
    await expect(figures(player, 'The Coach’s share')).toHaveText('$14.00');
    await coach.reload();
    await expect(coach.getByText('Dispute resolved: partly refunded to the Player')).toBeVisible();
    await expect(coach.getByText(note)).toBeVisible();
    await expect(figures(coach, 'Your payout')).toHaveText('$14.00');
    await expect(coach.getByLabel(DISPUTE_STATEMENT_MESSAGES.label)).toHaveCount(0);
    await screenshot(coach, 'coach-resolved-390');
    for (const email of [playerEmail, coachEmail]) {
      await expect
        .poll(async () => (await mailTo(player, email)).some((m) => m.text.includes(note)), {
          message: `the note e-mailed to ${email}`,
        })
        .toBe(true);
    }

    // The Coach's payout is the reduced share; the Player's payment shows what came back.
    await coach.goto('/payouts');
    await expect(coach.getByText('$14.00').first()).toBeVisible();
    await player.goto('/payments');
    await expect(player.getByText('Consultation with Ines Fairplay')).toBeVisible();
    await expect(player.getByText('$10.00 refunded')).toBeVisible();
    await screenshot(player, 'player-payments');
  });
});
