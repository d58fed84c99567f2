import type { Locator, Page } from '@playwright/test';
import { AVAILABILITY_MESSAGES, backOn } from '../contracts/availability';
import { DIRECTORY_MESSAGES, DIRECTORY_SHOW_LABELS } from '../contracts/directory';
import { DIRECTORY_HIDDEN_MESSAGES } from '../contracts/directory-pages';
import { expect, test } from './support/fixtures';
import { PHONE } from './support/layout';
import { askAndPay } from './support/questions';

/**
 * Who can be asked (issue 24, ADR 061), clicked through by the Coach and a Player in two browser
 * contexts: the payout-ready gate, a pause with a return date and a note, and a cap on open
 * questions. A word no other test's Coach has keeps the directory's searches to this file's Coaches.
 */
const TOKEN = `quill${Date.now().toString(36)}`;

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The directory searched for `name`, in the given view ('taking', the default, or 'all'). */
async function searchDirectory(page: Page, name: string, show: 'taking' | 'all') {
  await page.goto(`/coaches?q=${encodeURIComponent(name)}`);
  if (show === 'all') {
    const select = page.getByLabel(DIRECTORY_MESSAGES.show, { exact: true });
    // On a phone the filters fold behind their button.
    if (!(await select.isVisible())) {
      await page.getByRole('button', { name: DIRECTORY_MESSAGES.filters }).click();
    }
    await select.selectOption(DIRECTORY_SHOW_LABELS.all);
    await page.waitForURL(/show=all/);
  }
  return page.getByRole('region', { name: 'Coaches found' });
}

/** Checks within a 10 s cache's reach: the directory's cached pages follow a change (ADR 061). */
const soon = expect.configure({ timeout: 3_000 });

/** Searches the directory for `name` until `check` holds of the results. */
async function inDirectory(
  page: Page,
  name: string,
  show: 'taking' | 'all',
  check: (results: Locator) => Promise<void>,
) {
  await expect(async () => check(await searchDirectory(page, name, show))).toPass({
    timeout: 30_000,
  });
}

const card = (results: Locator, name: string) =>
  results.getByRole('link', { name: new RegExp(name) });
/** Opens the Coach page until it shows no notice: its cached copy follows within 10 s (ADR 061). */
async function openWithoutNotice(page: Page, coachId: string) {
  await expect(async () => {
    await page.goto(`/expert/${coachId}`);
    await soon(notice(page)).toHaveCount(0);
  }).toPass({ timeout: 30_000 });
}

const askLink = (page: Page) => page.getByRole('link', { name: 'Ask a Question' });
const notice = (page: Page) => page.getByTestId('availability-notice');

test.describe('the payout-ready gate', () => {
  // Several people, pages and payments on a loaded machine; the fixtures' set-up counts too.
  test.describe.configure({ timeout: 300_000 });
  const coachName = `Gale Gate ${TOKEN}`;
  test.use({ coachName, coachPayouts: false });

  test('a Coach without payouts is not taking questions until they connect payouts', async ({
    coach: { page: coach, coachId },
    player: { page: player },
  }) => {
    // The Coach's own page says why and links to payment setup.
    await coach.goto(`/expert/${coachId}`);
    await expect(notice(coach).getByText(AVAILABILITY_MESSAGES.notTakingYet)).toBeVisible();
    await expect(notice(coach).getByText(AVAILABILITY_MESSAGES.ownNotReady)).toBeVisible();

    // A Player sees the headline only, and no way to ask.
    await player.goto(`/expert/${coachId}`);
    await expect(notice(player).getByText(AVAILABILITY_MESSAGES.notTakingYet)).toBeVisible();
    await expect(player.getByText(AVAILABILITY_MESSAGES.ownNotReady)).toHaveCount(0);
    await expect(askLink(player)).toHaveCount(0);
    await player.goto(`/ask/${coachId}`);
    await expect(notice(player).getByText(AVAILABILITY_MESSAGES.notTakingYet)).toBeVisible();
    await expect(player.getByRole('button', { name: 'Submit Question' })).toHaveCount(0);

    // The directory's default view omits them; "All Coaches" shows them, marked (at 390 px).
    await player.setViewportSize(PHONE);
    await inDirectory(player, coachName, 'taking', async () => {
      // The filter says what it hides (issue 36).
      await soon(player.getByText(DIRECTORY_HIDDEN_MESSAGES.noneTaking)).toBeVisible();
    });
    await inDirectory(player, coachName, 'all', async (results) => {
      await soon(
        card(results, coachName).getByText(AVAILABILITY_MESSAGES.notTakingYet),
      ).toBeVisible();
    });
    await screenshot(player, 'gate-directory-all-390');

    // The Coach follows the link and connects payouts on the local provider.
    await coach.goto(`/expert/${coachId}`);
    await notice(coach).getByRole('link', { name: AVAILABILITY_MESSAGES.setUpPayments }).click();
    await coach.waitForURL('**/expert-payment-setup');
    const [onboarding] = await Promise.all([
      coach.waitForEvent('popup'),
      coach.getByRole('button', { name: 'Set Up Payment Account' }).click(),
    ]);
    await onboarding.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect(onboarding.getByText('Your payment account is ready.')).toBeVisible();
    await onboarding.close();

    // Now listed by default, and askable.
    await inDirectory(player, coachName, 'taking', async (results) => {
      await soon(card(results, coachName)).toBeVisible();
      await soon(results.getByText(AVAILABILITY_MESSAGES.notTakingYet)).toHaveCount(0);
    });
    await openWithoutNotice(player, coachId);
    await askLink(player).click();
    await player.waitForURL(`**/ask/${coachId}`);
    await expect(player.getByRole('button', { name: 'Submit Question' })).toBeVisible();
  });
});

test.describe('pause and cap', () => {
  // Several people, pages and payments on a loaded machine; the fixtures' set-up counts too.
  test.describe.configure({ timeout: 300_000 });
  const coachName = `Pia Pause ${TOKEN}`;
  test.use({ coachName });

  /** The Coach saves the availability form on Manage Coach Profile. */
  async function saveAvailability(
    coach: Page,
    values: { paused: boolean; returnOn?: string; note?: string; cap?: string },
  ) {
    await coach.goto('/manage-expert-profile');
    const paused = coach.getByLabel('Pause taking questions');
    await paused.setChecked(values.paused);
    await coach.getByLabel('Return date (optional)').fill(values.returnOn ?? '');
    await coach.getByLabel('Note for Players (optional)').fill(values.note ?? '');
    await coach.getByLabel('Most open questions at once (optional)').fill(values.cap ?? '');
    await coach.getByRole('button', { name: 'Save availability' }).click();
    await expect(coach.getByText(AVAILABILITY_MESSAGES.saved)).toBeVisible();
  }

  test('a paused Coach shows "Back on {date}" everywhere until they resume; a reached cap shows "Fully booked"', async ({
    coach: { page: coach, coachId },
    player: { page: player },
  }) => {
    const returnOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const note = `At a tournament in Lisbon (${TOKEN}).`;
    const back = backOn(returnOn);

    await saveAvailability(coach, { paused: true, returnOn, note });
    await expect(notice(coach).getByText(AVAILABILITY_MESSAGES.paused)).toBeVisible();
    await expect(notice(coach).getByText(back)).toBeVisible();

    // The profile, at 1280 and at 390 px.
    await player.goto(`/expert/${coachId}`);
    await expect(notice(player).getByText(AVAILABILITY_MESSAGES.paused)).toBeVisible();
    await expect(notice(player).getByText(back)).toBeVisible();
    await expect(notice(player).getByText(note)).toBeVisible();
    await expect(askLink(player)).toHaveCount(0);
    await player.setViewportSize(PHONE);
    await expect(notice(player).getByText(back)).toBeVisible();
    await screenshot(player, 'paused-profile-390');

    // The ask page, and the directory card (a paused Coach is listed under "All Coaches").
    await player.goto(`/ask/${coachId}`);
    await expect(notice(player).getByText(back)).toBeVisible();
    await expect(player.getByRole('button', { name: 'Submit Question' })).toHaveCount(0);
    await inDirectory(player, coachName, 'taking', async () => {
      // The filter says what it hides (issue 36).
      await soon(player.getByText(DIRECTORY_HIDDEN_MESSAGES.noneTaking)).toBeVisible();
    });
    await inDirectory(player, coachName, 'all', async (results) => {
      await soon(card(results, coachName).getByText(AVAILABILITY_MESSAGES.paused)).toBeVisible();
      await soon(card(results, coachName).getByText(back)).toBeVisible();
    });
    await screenshot(player, 'paused-directory-390');
    await player.setViewportSize({ width: 1280, height: 900 });

    // Resumed, with a cap of one open question: askable again, once.
    await saveAvailability(coach, { paused: false, cap: '1' });
    await openWithoutNotice(player, coachId);
    await expect(askLink(player)).toBeVisible();
    await askAndPay(player, coachId, 'How do I keep my shape when tired?');

    // One question waits: fully booked on the profile, the card (still listed) and the ask page.
    await player.goto(`/expert/${coachId}`);
    await expect(notice(player).getByText(AVAILABILITY_MESSAGES.fullyBooked)).toBeVisible();
    await expect(askLink(player)).toHaveCount(0);
    await inDirectory(player, coachName, 'taking', async (results) => {
      await soon(
        card(results, coachName).getByText(AVAILABILITY_MESSAGES.fullyBooked),
      ).toBeVisible();
    });
    await player.goto(`/ask/${coachId}`);
    await expect(notice(player).getByText(AVAILABILITY_MESSAGES.fullyBooked)).toBeVisible();
    await expect(player.getByRole('button', { name: 'Submit Question' })).toHaveCount(0);

    // The server refuses too, whatever the page shows.
    const refused = await player.request.post('/api/questions', {
      data: {
        coachId,
        playerName: 'Remy',
        question: 'How do I keep my shape late in games?',
        pledge: true,
        acceptedConsents: true,
      },
      headers: { origin: new URL(player.url()).origin },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      AVAILABILITY_MESSAGES.refusedFull,
    );
  });
});
