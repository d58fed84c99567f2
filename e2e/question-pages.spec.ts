import { test, expect } from './support/fixtures';
import { QUESTION_PAGE_SIZE } from '../contracts/limits';

test.describe('long question lists', () => {
  test.use({ coachName: 'Paige Pager', playerName: 'Lou Longlist' });

  test('show a page at a time in the Coach inbox and My Questions, with Load more questions', async ({
    coach: { page: coach, coachId },
    player: { page: player },
  }) => {
    const origin = new URL(player.url()).origin;
    const count = QUESTION_PAGE_SIZE + 1;
    for (let n = 1; n <= count; n++) {
      const asked = await player.request.post('/api/questions', {
        headers: { origin },
        data: {
          coachId,
          playerName: 'Lou Longlist',
          question: `Paging question number ${n}: how do I improve?`,
          pledge: true,
          acceptedConsents: true,
        },
      });
      if (!asked.ok()) throw new Error(`asking failed: ${await asked.text()}`);
    }
    // Newest first: the first question asked is the one on the second page.
    const first = 'Paging question number 1: how do I improve?';
    const last = `Paging question number ${count}: how do I improve?`;

    for (const [page, path] of [
      [coach, '/expert-inbox'],
      [player, '/asker-inbox'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(last)).toBeVisible();
      const more = page.getByRole('button', { name: 'Load more questions' });
      await expect(more).toBeVisible();
      await expect(page.getByText(first)).not.toBeAttached();
      await more.click();
      await expect(page.getByText(first)).toBeVisible();
      await expect(more).not.toBeAttached();
    }
  });
});
