import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import {
  confirmationLink,
  createUser,
  PASSWORD,
  signUpThroughForm,
  uniqueEmail,
} from './support/accounts';

const NEW_PASSWORD = 'a-brand-new-password';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth?mode=signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('accounts people can rely on', () => {
  test('resets a forgotten password by the e-mailed link, which works once', async ({
    player: { page, email },
  }) => {
    await page.context().clearCookies({ name: 'better-auth.session_token' });

    await page.goto('/auth?mode=signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in form, with its own Email field, stays on screen until the new page has loaded.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account uses that e-mail, we sent it a link/)).toBeVisible();

    const link = await confirmationLink(page, email, 'Reset your Playbook password');
    await page.goto(link);
    await page.waitForURL('**/reset-password?token=**');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText(/Sign in with your new password/)).toBeVisible();

    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

    // The same link a second time is refused, with the way to a new one.
    await page.goto(link);
    await expect(
      page.getByText(/This link to reset your password has expired or was/),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send a new link' })).toBeVisible();
  });

  test('resends the confirmation link from the check-your-email screen and from sign-in', async ({
    page,
  }) => {
    const email = uniqueEmail('resend');
    await page.goto('/auth?mode=signup');
    // The agreement toast of a first try does not outlive the sign-up that follows.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(/Agreement required:/)).toBeVisible();
    await signUpThroughForm(page, 'Rae Send', email);
    await expect(page.getByText(/Agreement required:/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expect(page.getByText(`We sent a new confirmation link to ${email}.`)).toBeVisible();

    await signIn(page, email, PASSWORD);
    await expect(
      page.getByText('Please confirm your e-mail address first: open the link we sent you.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expect(page.getByText(`We sent a new confirmation link to ${email}.`)).toBeVisible();
  });

  test('a confirmation link opened in another browser confirms, and asks to sign in', async ({
    page,
    newPage,
  }) => {
    const email = uniqueEmail('elsewhere');
    await page.goto('/auth?mode=signup');
    await signUpThroughForm(page, 'Eli Where', email);
    const link = await confirmationLink(page, email);

    const other = await newPage();
    await other.goto(link);
    await expect(other.getByText('Your e-mail is confirmed. Sign in to continue.')).toBeVisible();
    await expect(other).toHaveURL((url) => url.pathname === '/auth');
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await expect(other.getByRole('heading', { name: 'Pick your side' })).toBeVisible();
  });

  test('changes the e-mail address once the new address confirms it', async ({
    player: { page, email },
  }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Account Settings' })
      .click();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const next = uniqueEmail('moved');
    await page.getByLabel('New e-mail address').fill(next);
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(
      page.getByText(
        `We sent a confirmation link to ${next}. Your e-mail changes once you open it.`,
      ),
    ).toBeVisible();

    await page.goto(await confirmationLink(page, next, 'Confirm your new Playbook e-mail address'));
    await page.waitForURL('**/account?email=changed');
    await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible();
    await expect(page.getByText(next, { exact: true })).toBeVisible();
  });

  test('changes the password with the current one', async ({
    player: { page, email },
    newPage,
  }) => {
    await page.goto('/account');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/every other device was signed out/)).toBeVisible();

    const other = await newPage();
    await signIn(other, email, NEW_PASSWORD);
    await other.waitForURL((url) => url.pathname === '/');
  });

  test('downloads my data and deletes the account', async ({ player: { page, email, name } }) => {
    await page.goto('/account');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^playbook-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile(file, 'utf8'));
    expect(data.account).toMatchObject({ email, name });

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await expect(dialog.getByText('That password is not right.')).toBeVisible();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await expect(page.getByText(/Your personal data has been removed/)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }),
    ).toBeVisible();

    await signIn(page, email, PASSWORD);
    await expect(page.getByText(/Invalid email or password/i)).toBeVisible();
  });

  test.describe(() => {
    test.use({ coachName: 'Ivy Intent' });

    test('keeps the intent: Ask on a Coach page, sign up, confirm, create the profile, back on the ask form', async ({
      page,
      coach: { coachId },
    }) => {
      await page.goto(`/expert/${coachId}`);
      await page.getByRole('link', { name: 'Ask a Question' }).click();
      await page.waitForURL('**/auth?mode=signin**');
      await page.getByRole('link', { name: 'Create an account' }).click();
      const email = uniqueEmail('intent');
      await signUpThroughForm(page, 'Ned Intent', email);

      await page.goto(await confirmationLink(page, email));
      await page.waitForURL('**/create-asker-profile?redirect=**');
      await page.getByRole('button', { name: 'Create Profile' }).click();
      await expect(page.getByText('Profile created!')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Ask a Question' })).toBeVisible();
      await expect(page.getByText('Ivy Intent')).toBeVisible();
      await expect(page).toHaveURL((url) => /^\/ask\//.test(url.pathname));
      await expect(page.getByLabel('Your Question')).toBeVisible();
    });
  });

  test('tells a Coach who asks to switch to player mode, and adds the Player role', async ({
    page,
    coach: { coachId },
  }) => {
    await createUser(page, { name: 'Kai Coach', roles: ['expert'] });
    await page.goto(`/expert/${coachId}`);
    await page.getByRole('link', { name: 'Ask a Question' }).click();
    await expect(
      page.getByText('Coaches cannot ask questions. Switch to player mode to ask a question.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add the Player Role' }).click();
    await page.waitForURL('**/create-asker-profile?redirect=**');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Ask a Question' })).toBeVisible();
    await expect(page.getByLabel('Your Question')).toBeVisible();
  });

  test('shows the header entries with their words behind Menu on a phone', async ({ newPage }) => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await createUser(page, { roles: ['asker', 'expert'] });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Coaches', 'Inbox', 'My Profile', 'Account Settings']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: /Switch to/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await nav.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
