import type { Page } from '@playwright/test';
import { REVIEW_ACTIONS, REVIEW_MESSAGES, REVIEW_TEXTS } from '../contracts/reviews';
import { createUser } from './support/accounts';
import { signInAsAdministrator } from './support/administrator';
import { expect, test } from './support/fixtures';
import { checkOnPhone } from './support/layout';
import { askAndPay } from './support/questions';

/**
 * Written reviews (issue 24) clicked through at 1280 px, each screen also checked at 390 px: a
 * Player leaves stars with words, the Coach replies on their page, the public page shows both
 * with the name and the date; another user reports the review; an administrator hides it (the
 * figures change) and restores it.
 */
const width = 1280;

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe('written reviews', () => {
  test.use({ coachName: 'Coach Reyes', playerName: 'Jamie Park' });

  test('stars with words, the Coach replies, another user reports, an administrator hides and restores', async ({
    coach: { page: coachPage, coachId },
    player: { page: player, name: playerName },
    newPage,
  }) => {
    // Four people, a checkout and the admin portal in one flow.
    test.setTimeout(300_000);
    const viewport = { width, height: 900 };
    await player.setViewportSize(viewport);
    await coachPage.setViewportSize(viewport);
    const words = `Clear drills for my first touch, thanks! (${width})`;
    const reply = `Glad it helped, keep at the wall passes. (${width})`;

    // The Player asks and pays; the Coach answers (through the API the Respond dialog calls).
    const questionPath = await askAndPay(player, coachId, 'How do I cushion a driven pass?');
    const questionId = questionPath.split('/').pop() ?? '';
    const answered = await coachPage.request.post(`/api/questions/${questionId}/answer`, {
      data: { answer: 'Relax the ankle and meet the ball early.' },
      headers: { origin: new URL(coachPage.url()).origin },
    });
    expect(answered.status()).toBe(204);

    // The Player leaves stars with words on the question page.
    await player.goto(questionPath);
    await expect(player.getByText('Relax the ankle and meet the ball early.')).toBeVisible();
    const submit = player.getByRole('button', { name: REVIEW_TEXTS.submit });
    await expect(submit).toBeDisabled();
    await player.getByRole('button', { name: '5 stars' }).click();
    await player.getByLabel(REVIEW_TEXTS.wordsLabel).fill(words);
    await submit.click();
    await expect(player.getByText(REVIEW_MESSAGES.reviewSaved)).toBeVisible();
    await expect(player.getByRole('button', { name: REVIEW_TEXTS.update })).toBeVisible();
    await screenshot(player, `review-form-${width}`);
    await checkOnPhone(player, 'review-form', [
      player.getByRole('button', { name: REVIEW_TEXTS.update }),
    ]);

    // The Coach replies on their own page, under the review.
    await coachPage.goto(`/expert/${coachId}`);
    const coachReview = coachPage.getByRole('article', { name: `Review by ${playerName}` });
    await expect(coachReview.getByText(words)).toBeVisible();
    await coachReview.getByLabel(`${REVIEW_TEXTS.replyLabel} to ${playerName}`).fill(reply);
    await coachReview.getByRole('button', { name: REVIEW_TEXTS.replySubmit }).click();
    await expect(coachPage.getByText(REVIEW_MESSAGES.replyPosted)).toBeVisible();
    await expect(coachReview.getByText(reply)).toBeVisible();
    // Once: the form is gone.
    await expect(coachReview.getByRole('button', { name: REVIEW_TEXTS.replySubmit })).toHaveCount(
      0,
    );

    // Anyone, signed out too, sees both on the public page, with the name, the date and stars.
    const visitor = await newPage({ viewport });
    await visitor.goto(`/expert/${coachId}`);
    const reviews = visitor.getByRole('region', { name: REVIEW_TEXTS.heading });
    const card = reviews.getByRole('article', { name: `Review by ${playerName}` });
    await expect(card.getByText(playerName, { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    await expect(card.getByText(words)).toBeVisible();
    await expect(card.getByText('Reply from Coach Reyes')).toBeVisible();
    await expect(card.getByText(reply)).toBeVisible();
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
    await expect(card.locator('time').first()).toHaveText(today);
    await expect(visitor.getByText('(1 review)')).toBeVisible();
    // Signed out: nothing to report with.
    await expect(card.getByRole('button', { name: /Report review/ })).toHaveCount(0);
    await screenshot(visitor, `coach-page-reviews-${width}`);
    await checkOnPhone(visitor, 'coach-page-reviews', [card.getByText(reply)]);

    // The Player sees the reply on the question page, and the review can no longer change.
    await player.reload();
    await expect(player.getByText(reply)).toBeVisible();
    await expect(player.getByRole('button', { name: REVIEW_TEXTS.update })).toHaveCount(0);

    // Another signed-in user reports the review.
    const reporter = await newPage({ viewport });
    await createUser(reporter, { roles: ['asker'] });
    await reporter.goto(`/expert/${coachId}`);
    const reported = reporter.getByRole('article', { name: `Review by ${playerName}` });
    await reported.getByRole('button', { name: `${REVIEW_TEXTS.report} by ${playerName}` }).click();
    const dialog = reporter.getByRole('dialog', { name: REVIEW_TEXTS.report });
    await dialog.getByLabel('Harassment').check();
    await dialog.getByLabel('Details (optional)').fill(`Not about the answer (${width})`);
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(
      reporter.getByText("Report Submitted: Thank you for your report. We'll review it promptly."),
    ).toBeVisible();

    // The administrator sees the report with the review, and hides it.
    const admin = await newPage({ viewport });
    await signInAsAdministrator(admin);
    await admin.getByRole('tab', { name: 'Reports' }).click();
    const row = admin
      .getByRole('table', { name: 'Abuse reports' })
      .getByRole('row')
      .filter({ hasText: `Not about the answer (${width})` });
    await expect(row.getByText(words)).toBeVisible();
    await screenshot(admin, `admin-report-review-${width}`);
    await checkOnPhone(admin, 'admin-report-review', [
      row.getByRole('button', { name: REVIEW_ACTIONS.hide.label }),
    ]);
    await row.getByRole('button', { name: REVIEW_ACTIONS.hide.label }).click();
    await admin
      .getByRole('dialog', { name: REVIEW_ACTIONS.hide.label })
      .getByRole('button', { name: `Confirm: ${REVIEW_ACTIONS.hide.label}` })
      .click();
    await expect(admin.getByText(REVIEW_ACTIONS.hide.done)).toBeVisible();

    // Gone from the page, and from the figures.
    await visitor.reload();
    await expect(reviews.getByText(REVIEW_TEXTS.empty)).toBeVisible();
    await expect(visitor.getByText(words)).toHaveCount(0);
    await expect(visitor.getByText('No ratings yet')).toBeVisible();

    // Restored from the report, now acted on: back on the page and in the figures.
    await admin.getByLabel('Report status').selectOption('actioned');
    const closed = admin
      .getByRole('table', { name: 'Abuse reports' })
      .getByRole('row')
      .filter({ hasText: `Not about the answer (${width})` });
    await closed.getByRole('button', { name: REVIEW_ACTIONS.restore.label }).click();
    await admin
      .getByRole('dialog', { name: REVIEW_ACTIONS.restore.label })
      .getByRole('button', { name: `Confirm: ${REVIEW_ACTIONS.restore.label}` })
      .click();
    await expect(admin.getByText(REVIEW_ACTIONS.restore.done)).toBeVisible();
    await visitor.reload();
    await expect(card.getByText(words)).toBeVisible();
    await expect(visitor.getByText('(1 review)')).toBeVisible();
  });
});
