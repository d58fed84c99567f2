import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { askAndPay } from './support/questions';

const SHOTS = 'test-results/conversation';

/** Opens `button`'s form, types `text` into the field `label` and sends it. */
async function sendMessage(page: Page, button: string, label: string, text: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByLabel(label).fill(text);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The conversation on a question (issue 23, ADR 058), in two browsers at once: the Coach asks for
 * details, the Player replies, the Coach answers, the Player sends the one follow-up (the payout
 * says it is held meanwhile) and the Coach answers it. Each side sees the other's message arrive
 * without reloading.
 */
for (const width of [1280, 390]) {
  test(`the Coach asks for details, the Player replies and follows up, the Coach answers both (${width} px)`, async ({
    coach: { page: coach, coachId },
    player: { page: player },
  }) => {
    // Two browsers through five exchanges on a machine the other suites share.
    test.setTimeout(240_000);
    for (const page of [coach, player]) await page.setViewportSize({ width, height: 900 });
    const path = await askAndPay(player, coachId, 'How do I add 5 mph to my fastball?');

    await coach.goto(path);
    await sendMessage(
      coach,
      'Ask for details',
      'What do you need to know?',
      'Which hand do you throw with?',
    );
    await expect(coach.getByText('Which hand do you throw with?')).toBeVisible();

    // The Player's open page receives it.
    await expect(player.getByText('Which hand do you throw with?')).toBeVisible();
    await expect(player.getByText('Coach · Asked for details')).toBeVisible();
    await sendMessage(player, 'Reply', 'Your reply', 'Right-handed, 15 years old.');
    await expect(coach.getByText('Right-handed, 15 years old.')).toBeVisible();
    await coach.screenshot({ path: `${SHOTS}/details-${width}.png`, fullPage: true });

    await coach.getByRole('button', { name: 'Respond to Question' }).click();
    await coach
      .getByLabel('Your Answer *')
      .fill('Drive off your back leg and finish over your front knee.');
    await coach.getByRole('button', { name: 'Submit Response' }).click();

    await expect(
      player.getByText('Drive off your back leg and finish over your front knee.'),
    ).toBeVisible();
    await sendMessage(
      player,
      'Ask a follow-up',
      'Your follow-up question',
      'How many throws a week?',
    );
    await expect(player.getByRole('button', { name: 'Ask a follow-up' })).toHaveCount(0);

    await coach.goto('/payouts');
    await expect(coach.getByText('Held: follow-up waiting')).toBeVisible();

    await coach.goto(path);
    await expect(coach.getByText('How many throws a week?')).toBeVisible();
    await sendMessage(
      coach,
      'Answer follow-up',
      'Your answer to the follow-up',
      'Three short sessions, 40 throws each.',
    );
    await expect(player.getByText('Three short sessions, 40 throws each.')).toBeVisible();
    await expect(coach.getByRole('button', { name: 'Answer follow-up' })).toHaveCount(0);
    await player.screenshot({ path: `${SHOTS}/thread-${width}.png`, fullPage: true });

    await coach.goto('/payouts');
    // The answered follow-up lifts its hold: the payout waits only for its release date.
    await expect(coach.getByText(/^Releases on /)).toBeVisible();
    await expect(coach.getByText('Held: follow-up waiting')).toHaveCount(0);
  });
}
