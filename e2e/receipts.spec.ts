import { readFile } from 'node:fs/promises';
import { pdfText } from '../server/test/pdf-text';
import { test, expect } from './support/fixtures';
import { askAndPay } from './support/questions';

test.describe('receipts and earnings', () => {
  test.use({ coachName: 'Rae Receipt', playerName: 'Ike Invoice' });

  test('a Player downloads the receipt of a payment; the Coach sees earnings as a chart and a table and downloads the CSV', async ({
    coach: { page: coach, coachId },
    player: { page: player },
  }) => {
    test.setTimeout(120_000);
    // The Coach's payouts are set up by the fixture (ADR 061): they can be asked.
    // The Player asks and pays on the test checkout.
    await askAndPay(player, coachId, 'How do I read a zone defence?');

    // Payment History offers the receipt as a PDF with the payment's figures.
    await player.goto('/payments');
    await expect(player.getByText('Consultation with Rae Receipt')).toBeVisible();
    const [download] = await Promise.all([
      player.waitForEvent('download'),
      player.getByRole('link', { name: /^Download receipt \d{6} \(PDF\)$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receipt-\d{6}\.pdf$/);
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain('Coach Rae Receipt');
    expect(text).toContain('Amount paid $30.00');
    expect(text).toContain('Payment method Card ending 4242');

    // The Coach answers: this month's earnings show as pending, in the chart and in the table.
    await coach.goto('/expert-inbox');
    await coach.getByRole('button', { name: 'Respond' }).click();
    const dialog = coach.getByRole('dialog', { name: 'Respond to Question' });
    await dialog.getByLabel('Your Answer *').fill('Find the gaps between the zones.');
    await dialog.getByRole('button', { name: 'Submit Response' }).click();
    await expect(coach.getByText(/Response submitted!/)).toBeVisible();

    await coach.goto('/payouts');
    await expect(coach.getByRole('heading', { name: 'Earnings, last 12 months' })).toBeVisible();
    await expect(coach.getByTestId('earnings-chart').locator('canvas')).toBeVisible();
    const table = coach.getByRole('table', { name: 'Earnings by month' });
    await expect(table.getByRole('row')).toHaveCount(13);
    const thisMonth = new Date().toLocaleDateString('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(table.getByRole('row', { name: thisMonth })).toContainText(
      `${thisMonth}$0.00$21.00$21.00`,
    );
    await coach.setViewportSize({ width: 1280, height: 900 });
    await coach.getByRole('heading', { name: 'Earnings, last 12 months' }).scrollIntoViewIfNeeded();
    await coach.screenshot({ path: test.info().outputPath('payouts-1280.png'), fullPage: true });
    await coach.setViewportSize({ width: 390, height: 844 });
    await coach.screenshot({ path: test.info().outputPath('payouts-390.png'), fullPage: true });

    const [csv] = await Promise.all([
      coach.waitForEvent('download'),
      coach.getByRole('link', { name: 'Download payouts CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('payouts.csv');
    const body = await readFile((await csv.path())!, 'utf8');
    expect(
      body.startsWith(
        '\uFEFFDate,Question reference,Gross,Coach share,State,Provider transfer id,Refunded to Player,Kept\r\n',
      ),
    ).toBe(true);
    expect(body).toMatch(
      /\r\n\d{4}-\d{2}-\d{2},Q-[0-9A-F]{8},30\.00,21\.00,pending,,0\.00,30\.00\r\n$/,
    );
  });
});
