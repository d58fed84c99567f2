import { test, expect } from './support/fixtures';

test.describe('payments with the local provider', () => {
  // The Coach sets up payouts in this test, through the pages.
  test.use({ coachName: 'Kai Payout', playerName: 'Ola Payer', coachPayouts: false });

  test('a Coach onboards, a Player pays on the test checkout, the Coach answers, the payout waits out the hold window', async ({
    coach: { page: coach, coachId },
    player: { page: player },
  }) => {
    // Two people, two pop-ups and a payment: more than the default minute on a loaded machine.
    test.setTimeout(120_000);
    await coach.goto('/payouts');
    await expect(coach.getByRole('heading', { name: 'Your Payouts' })).toBeVisible();
    await expect(coach.getByText('Payment Setup Required')).toBeVisible();
    await expect(
      coach.getByText('No payouts yet. Start answering questions to earn!'),
    ).toBeVisible();
    await coach.getByRole('link', { name: 'Set Up Now' }).click();
    await expect(coach.getByRole('heading', { name: 'Payment Setup' })).toBeVisible();
    const [onboarding] = await Promise.all([
      coach.waitForEvent('popup'),
      coach.getByRole('button', { name: 'Set Up Payment Account' }).click(),
    ]);
    await expect(onboarding.getByText('TEST MODE', { exact: true })).toBeVisible();
    await onboarding.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect(onboarding.getByText('Your payment account is ready.')).toBeVisible();
    await onboarding.close();

    await player.goto(`/ask/${coachId}`);
    await player.getByLabel('Your Question').fill('What should I eat before a morning game?');
    await player.getByLabel('I pledge to keep my question respectful and on-topic.').check();
    await player
      .getByLabel(/I agree to the Terms of Service and Privacy Policy, and that the Coach receives/)
      .check();
    await player.getByRole('button', { name: 'Submit Question' }).click();
    await player.waitForURL('**/test-checkout/**');
    // The Player walks away from checkout; the question still reaches the Coach (pay after answer).
    await player.getByRole('button', { name: 'Cancel', exact: true }).click();
    await player.waitForURL('**/questions/**');

    await coach.goto('/expert-inbox');
    await coach.getByRole('button', { name: 'Respond' }).click();
    const dialog = coach.getByRole('dialog', { name: 'Respond to Question' });
    await dialog.getByLabel('Your Answer *').fill('Oats and a banana two hours before.');
    await dialog.getByRole('button', { name: 'Submit Response' }).click();
    await expect(coach.getByText(/Response submitted!/)).toBeVisible();

    // Unpaid, so the payout waits as pending.
    await coach.goto('/payouts');
    await expect(coach.getByText('Question from Ola Payer')).toBeVisible();
    await expect(coach.getByText('Pending', { exact: true }).first()).toBeVisible();
    await expect(coach.getByText(/^Held: waiting for the Player.s payment$/)).toBeVisible();
    await expect(coach.getByRole('button', { name: 'Manage Payment Account' })).toBeVisible();

    // The Player pays after the answer, from the question page, in a new tab.
    await player.reload();
    await expect(player.getByText('Payment Required')).toBeVisible();
    const [checkout] = await Promise.all([
      player.waitForEvent('popup'),
      player.getByRole('button', { name: 'Pay $30' }).click(),
    ]);
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await checkout.waitForURL('**/questions/**');
    await expect(checkout.getByText('Payment Complete')).toBeVisible();

    // Paid now, the payout waits out the hold window (3 days) before it is released.
    await coach.reload();
    await expect(coach.getByText(/^Releases on /)).toBeVisible();
    await expect(coach.getByText('Pending (held included)')).toBeVisible();

    await player.goto('/payments');
    await expect(player.getByRole('heading', { name: 'Payment History' })).toBeVisible();
    await expect(player.getByText('Consultation with Kai Payout')).toBeVisible();
    await expect(player.getByText('Total Consultations')).toBeVisible();
  });
});
