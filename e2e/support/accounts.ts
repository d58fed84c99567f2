import { expect, type Page } from '@playwright/test';
import type { Role } from '../../contracts/account';

export const PASSWORD = 'correct-horse-battery';
let counter = 0;

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.test`;

/** Fills and sends the sign-up form already on the page, as a person would. */
export async function signUpThroughForm(page: Page, name: string, email: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel(/I agree to the Terms of Service and Privacy Policy/).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Please check your email to confirm your account.')).toBeVisible();
}

/**
 * The link of the newest mail to `email` (with `subject`, when given: a mail sent in the background
 * may not be there yet, and an older one must not stand in for it), read from the dev mailbox API.
 */
export async function confirmationLink(
  page: Page,
  email: string,
  subject?: string,
): Promise<string> {
  const newestLink = async () => {
    const mailbox = (await (await page.request.get('/api/dev/mailbox')).json()) as {
      messages: { to: string; subject: string; text: string }[];
    };
    return mailbox.messages
      .find((m) => m.to === email && (subject === undefined || m.subject === subject))
      ?.text.match(/https?:\/\/\S+/)?.[0];
  };
  let link = '';
  await expect
    .poll(async () => (link = (await newestLink()) ?? ''), {
      message: `a confirmation mail for ${email}`,
      intervals: [250],
    })
    .not.toBe('');
  return link;
}

interface Options {
  name?: string;
  roles?: Role[];
  /** Complete the profile of each role (default true). */
  completeProfiles?: boolean;
  /** A Coach with a complete profile also sets up payouts (default yes), so they can be asked. */
  payouts?: boolean;
  /** The site's origin, for a page that has not opened it yet (default: the page's own). */
  origin?: string;
}

/**
 * A confirmed user signed in inside `page`'s context, created through the product's own API the way
 * the UI would (sign up, confirm by the mailed link, choose roles, save profiles). The page itself
 * stays where it was: open a page to see the account.
 */
export async function createUser(page: Page, options: Options = {}) {
  const name = options.name ?? `Pat Tester ${++counter}`;
  const email = uniqueEmail('user');
  // better-auth checks the Origin of its POSTs, as a browser would send it.
  const headers = { origin: options.origin ?? new URL(page.url()).origin };
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, acceptTerms: true, callbackURL: '/' },
    headers,
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${await signUp.text()}`);
  // The link signs in the browser that signed up (its cookies), which needs no page load here.
  const confirmed = await page.request.get(await confirmationLink(page, email));
  if (!confirmed.ok()) throw new Error(`confirmation failed: ${confirmed.status()}`);
  await addRoles(page, name, { ...options, origin: headers.origin });
  return { name, email };
}

/**
 * Gives the signed-in user on `page` its roles, with their profiles unless told otherwise. Apart
 * from `createUser`, so a test can sign many people up side by side (the wait for each mail) and
 * then make them Coaches one after the other, in the order the directory lists them by.
 */
export async function addRoles(page: Page, name: string, options: Options & { origin: string }) {
  const headers = { origin: options.origin };
  for (const role of [...(options.roles ?? [])].reverse()) {
    await page.request.post('/api/account/roles', { data: { role }, headers });
    if (options.completeProfiles === false) continue;
    if (role === 'asker') {
      await page.request.put('/api/profiles/asker', { data: { name }, headers });
    } else {
      await page.request.put('/api/profiles/expert', {
        data: { name, expertise: 'Shooting', price: '30', acceptedAgreement: true },
        headers,
      });
      if (options.payouts !== false) await connectPayouts(page, headers);
    }
  }
}

/**
 * The signed-in Coach on `page` sets up payouts through the local provider (Set Up Now, then
 * Complete, as its API calls): only such a Coach can be asked (ADR 061).
 */
export async function connectPayouts(page: Page, headers: Record<string, string>) {
  const link = await page.request.post('/api/payments/connect', { headers });
  if (!link.ok()) throw new Error(`payment set-up failed: ${link.status()}`);
  const accountId = new URL(((await link.json()) as { url: string }).url).pathname.split('/').pop();
  const done = await page.request.post(`/api/payments/local/onboarding/${accountId}/complete`, {
    headers,
  });
  if (!done.ok()) throw new Error(`payment set-up failed: ${done.status()}`);
}
