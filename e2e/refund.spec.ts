import { expect } from './support/fixtures';
import { letDeadlinePass, onOwnPostgres, postgresServerUrl } from './support/own-postgres';

/**
 * Moving the clock needs a database the test can reach while the server runs: this file starts its
 * own server on PostgreSQL and backdates the payment there. It runs whenever TEST_DATABASE_URL is
 * set, as in CI.
 */
const test = onOwnPostgres(3198, 'e2e_refund');

test.describe('the 7-day refund', () => {
  test.skip(!postgresServerUrl, 'runs when TEST_DATABASE_URL names a PostgreSQL server');

  test('a question unanswered 7 days after payment shows Refunded and the refund sentence', async ({
    coach: { coachId },
    player: { page: player },
    database,
  }) => {
    const { id } = (await (
      await player.request.post('/api/questions', {
        data: {
          coachId,
          playerName: 'Remy',
          question: 'How do I read the game faster?',
          pledge: true,
          acceptedConsents: true,
        },
      })
    ).json()) as { id: string };
    const { url } = (await (
      await player.request.post('/api/payments/checkout', {
        data: { questionId: id, amount: 3000 },
      })
    ).json()) as { url: string };
    await player.goto(url);
    await player.getByRole('button', { name: 'Pay', exact: true }).click();
    await player.waitForURL('**/questions/**');
    await expect(player.getByText('Waiting for Coach Response')).toBeVisible();

    // Eight days pass: the Coach's 7-day promise (the default) ran out a day ago (ADR 060).
    await letDeadlinePass(database, id, { paid: '8 days', deadline: '1 day' });
    await player.goto(`/question/${id}`);
    await expect(player.getByText('Refunded', { exact: true }).first()).toBeVisible();
    await expect(
      player.getByText('This question was not answered within 7 days and has been refunded.'),
    ).toBeVisible();
    const { rows } = await database.query(
      'SELECT payment_status, refunded_at FROM questions WHERE id = $1',
      [id],
    );
    expect(rows[0]?.payment_status).toBe('refunded');
    expect(rows[0]?.refunded_at).toBeInstanceOf(Date);
  });
});
