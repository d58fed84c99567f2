import { test, expect } from './support/fixtures';
import { createUser } from './support/accounts';

test.describe('the question loop, two people at once', () => {
  test.use({ coachName: 'Toni Loop', playerName: 'Sam Loop' });

  test('the Player asks, the Coach sees it live and answers, the Player rates, reports and disputes', async ({
    coach: { page: coachPage, coachId },
    player: { page: player },
  }) => {
    await coachPage.goto('/expert-inbox');
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Inbox' })).toBeVisible();
    await expect(coachPage.getByText('No questions yet')).toBeVisible();

    await player.goto(`/ask/${coachId}`);
    await player.getByLabel('Your Question').fill('How should I warm up before a big match?');
    await player.getByLabel('Additional Context (optional)').fill('I play center back.');
    await player.getByLabel('I pledge to keep my question respectful and on-topic.').check();
    await player
      .getByLabel(/I agree to the Terms of Service and Privacy Policy, and that the Coach receives/)
      .check();
    await player.getByRole('button', { name: 'Submit Question' }).click();
    // The ask flow hands over to checkout: the local provider's test page.
    await player.waitForURL('**/test-checkout/**');
    await expect(player.getByText('TEST MODE', { exact: true })).toBeVisible();
    await player.getByRole('button', { name: 'Pay', exact: true }).click();
    await player.waitForURL('**/questions/**');
    await expect(player.getByText('Waiting for Coach Response')).toBeVisible();
    await expect(player.getByText('Paid', { exact: true })).toBeVisible();

    // The Coach's open inbox shows the question and the badge without a reload.
    await expect(coachPage.getByText('How should I warm up before a big match?')).toBeVisible();
    await expect(coachPage.getByText('I play center back.')).toBeVisible();
    await expect(coachPage.getByTestId('inbox-badge')).toBeVisible();
    await expect(coachPage.getByText('You have 1 unanswered question')).toBeVisible();

    await coachPage.getByRole('button', { name: 'Respond' }).click();
    const dialog = coachPage.getByRole('dialog', { name: 'Respond to Question' });
    const submit = dialog.getByRole('button', { name: 'Submit Response' });
    await expect(submit).toBeDisabled();
    await dialog
      .getByLabel('Your Answer *')
      .fill('Ten minutes of dynamic stretches, then short sprints.');
    await submit.click();
    await expect(
      coachPage.getByText(
        'Response submitted! Your answer has been saved and a payout has been created.',
      ),
    ).toBeVisible();

    // The Player sees the answer and the badge without a reload.
    await expect(
      player.getByText('Ten minutes of dynamic stretches, then short sprints.'),
    ).toBeVisible();
    await player.goto('/asker-inbox');
    await expect(player.getByRole('heading', { level: 1, name: 'My Questions' })).toBeVisible();
    await expect(player.getByText('Answered').first()).toBeVisible();
    await player.getByRole('link', { name: 'View Full Details' }).click();
    await expect(player.getByText('Coach Consultation')).toBeVisible();

    await player.getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect(
      player.getByText('Thank you for your feedback! You rated this response as helpful.'),
    ).toBeVisible();

    await player.getByRole('button', { name: 'Report Abuse' }).click();
    const report = player.getByRole('dialog', { name: 'Report Abuse' });
    await expect(report.getByRole('button', { name: 'Submit Report' })).toBeDisabled();
    await report.getByLabel('Spam').check();
    await report.getByRole('button', { name: 'Submit Report' }).click();
    await expect(
      player.getByText("Report Submitted: Thank you for your report. We'll review it promptly."),
    ).toBeVisible();

    await expect(report).not.toBeVisible();
    // The dispute's response is held back, so the realtime event refreshes the page first (as on a
    // busy machine): the message must not depend on the button, which that refresh removes.
    await player.route('**/dispute', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response });
    });
    await expect(player.getByText(/^You can dispute this answer until /)).toBeVisible();
    await player.getByRole('button', { name: 'Flag Dispute' }).click();
    const disputeDialog = player.getByRole('dialog', { name: 'Flag a Dispute' });
    const flag = disputeDialog.getByRole('button', { name: 'Flag Dispute' });
    // A reason is required.
    await expect(flag).toBeDisabled();
    await disputeDialog.getByLabel('Incomplete answer').check();
    await flag.click();
    await expect(
      player.getByText(
        'Dispute Flagged: This question has been flagged for review. Further edits are disabled.',
      ),
    ).toBeVisible();
    await expect(
      player.getByText(
        'This question has been flagged for review. No further changes can be made.',
      ),
    ).toBeVisible();
    await expect(player.getByText('Dispute open: under review')).toBeVisible();
    await expect(player.getByText(/Reason: Incomplete answer\./)).toBeVisible();
    // Rating is no longer offered once disputed.
    await expect(player.getByRole('button', { name: 'Helpful', exact: true })).toHaveCount(0);
  });

  test('the detail pages refuse strangers: /questions shows Access Restricted, /question shows Not Found', async ({
    coach: { coachId },
    player: { page: player },
    newPage,
  }) => {
    const asked = await player.request.post('/api/questions', {
      data: {
        coachId,
        playerName: 'Pat',
        question: 'What drills build first touch?',
        pledge: true,
        acceptedConsents: true,
      },
    });
    const { id } = (await asked.json()) as { id: string };

    const stranger = await newPage();
    await createUser(stranger, { roles: ['asker'] });
    await stranger.goto(`/questions/${id}`);
    await expect(stranger.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
    await expect(
      stranger.getByText("You don't have permission to view this question."),
    ).toBeVisible();

    const anonymous = await newPage();
    await anonymous.goto(`/question/${id}`);
    await expect(anonymous.getByRole('heading', { name: 'Question Not Found' })).toBeVisible();
    await expect(anonymous).toHaveURL((url) => url.pathname === `/question/${id}`);

    await player.goto(`/question/${id}`);
    await expect(player.getByText('What drills build first touch?')).toBeVisible();
    await expect(player.getByText('Payment Pending')).toBeVisible();
  });
});
