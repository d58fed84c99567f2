import type { Page } from '@playwright/test';
import { signInAsAdministrator } from './support/administrator';
import { expect, test } from './support/fixtures';

/**
 * The money a Player trusts us with (issue 11, ADR 023), clicked through as people would: a dispute
 * inside the hold window keeps the Coach's payout until an administrator refunds it; a Coach
 * declines and the Player is refunded; a cancelled checkout, then Pay now; a withdrawn question.
 */
test.describe('money: disputes, declines, unpaid questions', () => {
  const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

  /** Asks through the form; the ask flow lands on the local provider's test checkout. */
  async function ask(page: Page, coachId: string, question: string) {
    await page.goto(`/ask/${coachId}`);
    await page.getByLabel('Your Question').fill(question);
    await page.getByLabel('I pledge to keep my question respectful and on-topic.').check();
    await page
      .getByLabel(/I agree to the Terms of Service and Privacy Policy, and that the Coach receives/)
      .check();
    await page.getByRole('button', { name: 'Submit Question' }).click();
    await page.waitForURL('**/test-checkout/**');
  }

  async function payOnTestCheckout(page: Page) {
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/questions/**');
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    return page.url().split('/questions/')[1]!.split('?')[0]!;
  }

  async function answer(coachPage: Page, questionId: string, text: string) {
    const res = await coachPage.request.post(`/api/questions/${questionId}/answer`, {
      data: { answer: text },
      headers: origin(coachPage),
    });
    expect(res.status()).toBe(204);
  }

  test('a dispute inside the hold window holds the payout, and the administrator refunds the Player', async ({
    coach: { page: coachPage, coachId },
    player: { page: playerPage },
    newPage,
  }) => {
    await ask(playerPage, coachId, 'How do I stop my serve from drifting long?');
    const questionId = await payOnTestCheckout(playerPage);
    await answer(coachPage, questionId, 'Toss it further in front of you.');

    // Inside its hold window the payout waits for its release date, and counts as pending.
    await coachPage.goto('/payouts');
    await expect(coachPage.getByText(/^Releases on /)).toBeVisible();
    await expect(coachPage.getByText(/Pending \(held included\)\s*\$21\.00/)).toBeVisible();

    await playerPage.reload();
    await expect(playerPage.getByText('Toss it further in front of you.')).toBeVisible();
    await expect(playerPage.getByText(/^You can dispute this answer until /)).toBeVisible();
    await playerPage.getByRole('button', { name: 'Flag Dispute' }).click();
    const dialog = playerPage.getByRole('dialog', { name: 'Flag a Dispute' });
    await dialog.getByLabel('Not as described').check();
    await dialog.getByLabel('Details (optional)').fill('It is about the toss, not the serve.');
    await dialog.getByRole('button', { name: 'Flag Dispute' }).click();
    await expect(
      playerPage.getByText(
        'Dispute Flagged: This question has been flagged for review. Further edits are disabled.',
      ),
    ).toBeVisible();
    await expect(playerPage.getByText('Dispute open: under review')).toBeVisible();
    await expect(playerPage.getByText(/Reason: Not as described\./)).toBeVisible();

    await coachPage.reload();
    await expect(coachPage.getByText('Held: dispute open')).toBeVisible();

    const admin = await newPage();
    await signInAsAdministrator(admin);
    await admin.getByRole('tab', { name: 'Disputes' }).click();
    const row = admin
      .getByRole('table', { name: 'Disputes' })
      .getByRole('row', { name: /How do I stop my serve/ });
    await expect(row.getByText('Not as described')).toBeVisible();
    await expect(row.getByText('It is about the toss, not the serve.')).toBeVisible();
    // An open dispute has no one-click refund: it is resolved with a note both sides see.
    await expect(row.getByRole('button', { name: 'Refund Player' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Review dispute' }).click();
    const review = admin.getByRole('dialog', { name: 'Review dispute' });
    await review.getByLabel('Full refund').check();
    await review.getByRole('button', { name: 'Resolve dispute' }).click();
    await expect(review.getByText('Write a note of 1 to 2000 characters')).toBeVisible();
    await review
      .getByLabel('Note to both sides')
      .fill('The answer is about the toss, not the serve.');
    await review.getByRole('button', { name: 'Resolve dispute' }).click();
    await expect(
      admin.getByRole('status').getByText('Dispute resolved', { exact: true }),
    ).toBeVisible();

    // Both see it at once: the Player's page and the Coach's payouts follow the change.
    await expect(playerPage.getByText('Dispute resolved: refunded to you')).toBeVisible();
    await expect(
      playerPage.getByText('The answer is about the toss, not the serve.', { exact: false }),
    ).toBeVisible();
    await expect(playerPage.getByText(/^Refunded to you in full on /)).toBeVisible();
    await expect(coachPage.getByText('Cancelled: refunded to the Player')).toBeVisible();
  });

  test('a Coach declines a paid question with a note, and the Player sees it declined and refunded', async ({
    coach: { page: coachPage, coachId },
    player: { page: playerPage },
  }) => {
    await ask(playerPage, coachId, 'Which racket string tension suits a beginner?');
    const questionId = await payOnTestCheckout(playerPage);

    await coachPage.goto('/expert-inbox');
    await expect(
      coachPage.getByText('Which racket string tension suits a beginner?'),
    ).toBeVisible();
    await coachPage.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = coachPage.getByRole('dialog', { name: 'Decline this question?' });
    await dialog.getByLabel('Note to the Player (optional)').fill('Strings are not my field.');
    await dialog.getByRole('button', { name: 'Decline and refund' }).click();
    await expect(
      coachPage.getByText(
        'Question declined. The Player has been told and any payment is refunded in full.',
      ),
    ).toBeVisible();
    await expect(
      coachPage.getByText('Which racket string tension suits a beginner?'),
    ).not.toBeAttached();

    await playerPage.goto(`/questions/${questionId}`);
    await expect(playerPage.getByText('Declined by the Coach')).toBeVisible();
    await expect(playerPage.getByText('Strings are not my field.')).toBeVisible();
    await expect(playerPage.getByText(/^Refunded to you in full on /)).toBeVisible();
    await expect(playerPage.getByText('Refunded', { exact: true }).first()).toBeVisible();
  });

  test('a cancelled checkout says so, and Pay now completes the payment', async ({
    coach: { coachId },
    player: { page: playerPage },
  }) => {
    await ask(playerPage, coachId, 'How many rest days a week should I take?');
    await playerPage.getByRole('button', { name: 'Cancel', exact: true }).click();
    await playerPage.waitForURL('**/questions/**');
    await expect(playerPage.getByText('Payment Not Completed')).toBeVisible();
    await expect(playerPage.getByText(/^Your checkout was cancelled\./)).toBeVisible();
    await playerPage.getByRole('button', { name: 'Pay now' }).click();
    await playerPage.waitForURL('**/test-checkout/**');
    await payOnTestCheckout(playerPage);
    await expect(playerPage.getByText('Waiting for Coach Response')).toBeVisible();
    await expect(playerPage.getByText('Payment Not Completed')).toHaveCount(0);
  });

  test('a withdrawn question leaves the Coach inbox', async ({
    coach: { page: coachPage, coachId },
    player: { page: playerPage },
  }) => {
    await ask(playerPage, coachId, 'Is it worth buying carbon fibre pedals?');
    await playerPage.getByRole('button', { name: 'Cancel', exact: true }).click();
    await playerPage.waitForURL('**/questions/**');

    await coachPage.goto('/expert-inbox');
    const card = coachPage.getByText('Is it worth buying carbon fibre pedals?');
    await expect(card).toBeVisible();
    await expect(coachPage.getByText('Unpaid', { exact: true })).toBeVisible();

    await playerPage.goto('/asker-inbox');
    await expect(playerPage.getByText('Payment not completed')).toBeVisible();
    await playerPage.getByRole('button', { name: 'Withdraw question' }).click();
    await playerPage
      .getByRole('dialog', { name: 'Withdraw this question?' })
      .getByRole('button', { name: 'Withdraw question' })
      .click();
    await expect(
      playerPage.getByText('Question withdrawn. It has been removed from the Coach’s inbox.'),
    ).toBeVisible();
    await expect(
      playerPage.getByText('You withdrew this question. Nothing was charged.'),
    ).toBeVisible();
    // The Coach's open inbox follows without a reload.
    await expect(card).not.toBeAttached();
  });
});
