import { request as requests, type Browser, type Page } from '@playwright/test';
import { BETA_COOKIE, betaToken } from '../server/modules/beta/access-token';
import { test, expect } from './support/fixtures';
import { PASSWORD } from './support/accounts';
import { E2E_APP_SECRET, E2E_BETA_CODE } from './support/constants';

const SHOTS = 'test-results/notifications';

/** The List-Unsubscribe link of the newest mail to `email` with `subject`, from the dev mailbox. */
async function unsubscribeLink(page: Page, email: string, subject: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mailbox = (await (await page.request.get('/api/dev/mailbox')).json()) as {
          messages: { to: string; subject: string; headers: Record<string, string> | null }[];
        };
        const mail = mailbox.messages.find((m) => m.to === email && m.subject === subject);
        link = mail?.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '';
        return link;
      },
      { message: `a "${subject}" mail to ${email}`, intervals: [250] },
    )
    .not.toBe('');
  return link;
}

test.describe('the e-mails people get, and where they are signed in', () => {
  test('Account Settings chooses which e-mails arrive, and the choice stays', async ({
    player: { page },
  }) => {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'E-mail notifications' })).toBeVisible();
    const conversation = page.getByRole('checkbox', { name: 'Conversation messages' });
    await expect(conversation).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'New questions' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Reminders' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Payout sent' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Product news' })).not.toBeChecked();
    await expect(
      page.getByText(
        'E-mails about payments, refunds, receipts, disputes, your password and your e-mail address always reach you: they cannot be turned off.',
      ),
    ).toBeVisible();

    await conversation.uncheck();
    await expect(page.getByText('E-mail preferences saved')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Product news' }).check();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Conversation messages' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Product news' })).toBeChecked();

    await page.screenshot({ path: `${SHOTS}/preferences-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/preferences-390.png`, fullPage: true });
  });

  test("an e-mail's unsubscribe link turns its kind off without signing in or JavaScript, and can undo it", async ({
    coach: { page: coach, coachId },
    player: { page: player, email },
    newPage,
    browser,
  }) => {
    const asked = await player.request.post('/api/questions', {
      data: {
        coachId,
        playerName: 'Pat',
        question: 'How do I keep my first touch under pressure?',
        pledge: true,
        acceptedConsents: true,
      },
    });
    const { id } = (await asked.json()) as { id: string };
    const answered = await coach.request.post(`/api/questions/${id}/answer`, {
      data: { answer: 'Open your body before the ball arrives.' },
    });
    expect(answered.status()).toBe(204);
    const link = await unsubscribeLink(player, email, 'Your question has been answered');
    expect(link).toContain('/unsubscribe?token=');

    // Someone reading their mail in another browser, not signed in, with JavaScript off.
    const reader = await withoutJavaScript(browser, new URL(link).origin);
    await reader.goto(link);
    await expect(reader.getByRole('heading', { name: 'E-mail preferences' })).toBeVisible();
    await expect(reader.getByText('You get “Conversation messages” e-mails.')).toBeVisible();
    await reader.screenshot({ path: `${SHOTS}/unsubscribe-1280.png`, fullPage: true });
    await reader.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(
      reader.getByText('You will no longer get “Conversation messages” e-mails.'),
    ).toBeVisible();
    await reader.setViewportSize({ width: 390, height: 844 });
    await reader.screenshot({ path: `${SHOTS}/unsubscribed-390.png`, fullPage: true });
    await player.goto('/account');
    await expect(preference(player, 'Conversation messages')).not.toBeChecked();

    await reader.getByRole('button', { name: 'Turn back on' }).click();
    await expect(reader.getByText('You get “Conversation messages” e-mails.')).toBeVisible();
    await player.reload();
    await expect(preference(player, 'Conversation messages')).toBeChecked();

    // A mail client's one-click button (RFC 8058): a POST with no cookies, from elsewhere.
    const client = await requests.newContext();
    const clicked = await client.post(link, {
      form: { 'List-Unsubscribe': 'One-Click' },
      headers: { origin: 'https://mail.example.com' },
    });
    expect(clicked.status()).toBe(200);
    expect(await clicked.json()).toEqual({ category: 'conversation_messages', enabled: false });
    await client.dispose();
    await player.reload();
    await expect(preference(player, 'Conversation messages')).not.toBeChecked();
    await expect(preference(player, 'New questions')).toBeChecked();

    // With JavaScript on, the page is the same and says so for a link that is not valid.
    const tampered = await newPage();
    await tampered.goto(link.replace('conversation_messages', 'payout_sent'));
    await expect(
      tampered.getByText(
        'This unsubscribe link is not valid. You can choose your e-mails in Account Settings.',
      ),
    ).toBeVisible();
  });

  test('a sign-in from another browser is listed, and "Sign out everywhere else" ends it', async ({
    player: { page, email },
    newPage,
  }) => {
    const other = await newPage({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const signedIn = await other.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: { origin: new URL(other.url()).origin },
    });
    expect(signedIn.ok()).toBe(true);

    await page.goto('/account');
    const list = page.getByRole('list', { name: 'Sign-ins' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('Safari on iOS')).toBeVisible();
    await expect(list.getByText('This browser')).toHaveCount(1);
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/sessions-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('Signed out everywhere else')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('This browser')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    const account = (await (await other.request.get('/api/account')).json()) as { user: unknown };
    expect(account.user).toBeNull();
  });
});

/** A preference's checkbox on Account Settings. */
function preference(on: Page, name: string) {
  return on.getByRole('checkbox', { name });
}

/**
 * A browser with JavaScript off and no session. It holds the beta cookie: the unsubscribe page is
 * behind the beta gate like every page (the one-click POST is not).
 */
async function withoutJavaScript(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies([
    {
      name: BETA_COOKIE,
      value: betaToken(E2E_APP_SECRET, E2E_BETA_CODE),
      url: baseURL,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return context.newPage();
}
