import { expect, type Page } from '@playwright/test';
import type { FilePayload } from './media';

/**
 * A Player asks a Coach through the ask form (with `files` attached, each waited for until
 * uploaded) and pays on the local provider's test checkout; resolves on the question's page and
 * returns its path.
 */
export async function askAndPay(
  player: Page,
  coachId: string,
  question: string,
  files: FilePayload[] = [],
) {
  await player.goto(`/ask/${coachId}`);
  await player.getByLabel('Your Question').fill(question);
  if (files.length > 0) {
    await player.getByLabel('Attach files').setInputFiles(files);
    await expect(player.getByText(/^Uploaded · /)).toHaveCount(files.length);
  }
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
