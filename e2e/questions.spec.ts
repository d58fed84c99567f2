import { test, expect } from './support/fixtures';
import { createUser } from './support/accounts';
import { expectVisible } from './support/browser';

test.describe('the question loop, two people at once', () => {
  test.use({ coachName: 'Toni Loop', playerName: 'Sam Loop' });

  test('the Player asks, the Coach sees it live and answers, the Player rates, reports and disputes', async ({
    coach: { page: coachPage, expertId },
    player: { page: player },
  }) => {
    await coachPage.goto('/expert-inbox');
    await expectVisible(coachPage.getByRole('heading', { level: 1, name: 'Coach Inbox' }));
    await expectVisible(coachPage.getByText('No questions yet'));

    await player.goto(`/ask/${expertId}`);
    await player.getByLabel('Your Question').fill('How should I warm up before a big match?');
    await player.getByLabel('Additional Context (optional)').fill('I play center back.');
    await player.getByLabel('I pledge to keep my question respectful and on-topic.').check();
    await player
      .getByLabel(/I agree to the Terms of Service, Privacy Policy and Revenue Agreement/)
      .check();
    await player.getByRole('button', { name: 'Submit Question' }).click();
    // The ask flow hands over to checkout: the local provider's test page.
    await player.waitForURL('**/test-checkout/**');
    await expectVisible(player.getByText('TEST MODE', { exact: true }));
    await player.getByRole('button', { name: 'Pay', exact: true }).click();
    await player.waitForURL('**/questions/**');
    await expectVisible(player.getByText('Waiting for Coach Response'));
    await expectVisible(player.getByText('Paid', { exact: true }));

    // The Coach's open inbox shows the question and the badge without a reload.
    await expectVisible(coachPage.getByText('How should I warm up before a big match?'));
    await expectVisible(coachPage.getByText('I play center back.'));
    await expectVisible(coachPage.getByTestId('inbox-badge'));
    await expectVisible(coachPage.getByText('You have 1 unanswered question'));

    await coachPage.getByRole('button', { name: 'Respond' }).click();
    const dialog = coachPage.getByRole('dialog', { name: 'Respond to Question' });
    const submit = dialog.getByRole('button', { name: 'Submit Response' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog
      .getByLabel('Your Answer *')
      .fill('Ten minutes of dynamic stretches, then short sprints.');
    await submit.click();
    await expectVisible(
      coachPage.getByText(
        'Response submitted! Your answer has been saved and a payout has been created.',
      ),
    );

    // The Player sees the answer and the badge without a reload.
    await expectVisible(player.getByText('Ten minutes of dynamic stretches, then short sprints.'));
    await player.goto('/asker-inbox');
    await expectVisible(player.getByRole('heading', { level: 1, name: 'My Questions' }));
    await expectVisible(player.getByText('Answered').first());
    await player.getByRole('link', { name: 'View Full Details' }).click();
    await expectVisible(player.getByText('Coach Consultation'));

    await player.getByRole('button', { name: 'Helpful', exact: true }).click();
    await expectVisible(
      player.getByText('Thank you for your feedback! You rated this response as helpful.'),
    );

    await player.getByRole('button', { name: 'Report Abuse' }).click();
    const report = player.getByRole('dialog', { name: 'Report Abuse' });
    expect(await report.getByRole('button', { name: 'Submit Report' }).isDisabled()).toBe(true);
    await report.getByLabel('Spam').check();
    await report.getByRole('button', { name: 'Submit Report' }).click();
    await expectVisible(
      player.getByText("Report Submitted: Thank you for your report. We'll review it promptly."),
    );

    await report.waitFor({ state: 'hidden' });
    // The dispute's response is held back, so the realtime event refreshes the page first (as on a
    // busy machine): the message must not depend on the button, which that refresh removes.
    await player.route('**/dispute', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response });
    });
    await expectVisible(player.getByText(/^You can dispute this answer until /));
    await player.getByRole('button', { name: 'Flag Dispute' }).click();
    const disputeDialog = player.getByRole('dialog', { name: 'Flag a Dispute' });
    const flag = disputeDialog.getByRole('button', { name: 'Flag Dispute' });
    // A reason is required.
    expect(await flag.isDisabled()).toBe(true);
    await disputeDialog.getByLabel('Incomplete answer').check();
    await flag.click();
    await expectVisible(
      player.getByText(
        'Dispute Flagged: This question has been flagged for review. Further edits are disabled.',
      ),
    );
    await expectVisible(
      player.getByText(
        'This question has been flagged for review. No further changes can be made.',
      ),
    );
    await expectVisible(player.getByText('Dispute open: under review'));
    await expectVisible(player.getByText(/Reason: Incomplete answer\./));
    // Rating is no longer offered once disputed.
    expect(await player.getByRole('button', { name: 'Helpful', exact: true }).count()).toBe(0);
  });

  test('the detail pages refuse strangers: /questions shows Access Restricted, /question shows Not Found', async ({
    coach: { expertId },
    player: { page: player },
    newPage,
  }) => {
    const asked = await player.request.post('/api/questions', {
      data: {
        expertId,
        askerName: 'Pat',
        question: 'What drills build first touch?',
        pledge: true,
        acceptedConsents: true,
      },
    });
    const { id } = (await asked.json()) as { id: string };

    const stranger = await newPage();
    await createUser(stranger, { roles: ['asker'] });
    await stranger.goto(`/questions/${id}`);
    await expectVisible(stranger.getByRole('heading', { name: 'Access Restricted' }));
    await expectVisible(stranger.getByText("You don't have permission to view this question."));

    const anonymous = await newPage();
    await anonymous.goto(`/question/${id}`);
    await expectVisible(anonymous.getByRole('heading', { name: 'Question Not Found' }));
    expect(new URL(anonymous.url()).pathname).toBe(`/question/${id}`);

    await player.goto(`/question/${id}`);
    await expectVisible(player.getByText('What drills build first touch?'));
    await expectVisible(player.getByText('Payment Pending'));
  });
});
