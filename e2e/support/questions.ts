import type { Page } from '@playwright/test';

/**
 * A Player asks a Coach through the ask form and pays on the local provider's test checkout;
 * resolves on the question's page and returns its path.
 */
export async function askAndPay(player: Page, coachId: string, question: string) {
  await player.goto(`/ask/${coachId}`);
  await player.getByLabel('Your Question').fill(question);
  await player.getByLabel('I pledge to keep my question respectful and on-topic.').check();
  await player
    .getByLabel(/I agree to the Terms of Service and Privacy Policy, and that the Coach receives/)
    .check();
  await player.getByRole('button', { name: 'Submit Question' }).click();
  await player.waitForURL('**/test-checkout/**');
  await player.getByRole('button', { name: 'Pay', exact: true }).click();
  await player.waitForURL('**/questions/**');
  return new URL(player.url()).pathname;
}
