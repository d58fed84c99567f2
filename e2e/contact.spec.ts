import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { CONTACT_MESSAGES } from '../contracts/contact';

const full = (m: { title: string; description: string }) => `${m.title} ${m.description}`;

async function fillValidForm(page: Page) {
  await page.getByLabel('Name').fill('Jordan Lee');
  await page.getByLabel('Email').fill('jordan@example.com');
  await page.getByLabel('Phone (optional)').fill('+61 400 000 000');
  await page.getByLabel('Topic').selectOption({ label: 'Issue with response' });
  await page.getByLabel('Subject').fill('My answer has not arrived yet');
  await page.getByLabel('How can we help?').fill('I asked a question last week.');
  await page.getByLabel(/I agree to the Terms of Service and Privacy Policy/).check();
}

test.describe('contact form', () => {
  test('offers the six topics with their labels', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByLabel('Topic')).toBeVisible();
    await expect(page.getByLabel('Topic').locator('option:not([disabled])')).toHaveText([
      'Account',
      'Feedback',
      'Payments',
      'Issue with response',
      'Media inquiry',
      'Other',
    ]);
  });

  test('shows each validation message and sends nothing', async ({ page }) => {
    await page.goto('/contact');
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posted = true;
    });
    const submit = page.getByRole('button', { name: 'Submit' });

    await submit.click();
    await expect(page.getByText(CONTACT_MESSAGES.nameRequired)).toBeVisible();
    await expect(page.getByText(CONTACT_MESSAGES.emailRequired)).toBeVisible();
    await expect(page.getByText(CONTACT_MESSAGES.topicRequired)).toBeVisible();
    await expect(page.getByText(CONTACT_MESSAGES.subjectRequired)).toBeVisible();
    await expect(page.getByText(CONTACT_MESSAGES.messageRequired)).toBeVisible();
    await expect(page.getByText(full(CONTACT_MESSAGES.agreementRequired))).toBeVisible();

    await fillValidForm(page);
    await page.getByLabel(/I agree to the Terms/).uncheck();
    await submit.click();
    await expect(page.getByText(full(CONTACT_MESSAGES.agreementRequired))).toBeVisible();

    await page.getByLabel(/I agree to the Terms/).check();
    await page.getByLabel('Subject').fill('Four words only here');
    await submit.click();
    await expect(page.getByText(full(CONTACT_MESSAGES.subjectTooShort))).toBeVisible();

    await page.getByLabel('Email').fill('jordan@');
    await submit.click();
    await expect(page.getByText(CONTACT_MESSAGES.emailInvalid)).toBeVisible();
    expect(posted).toBe(false);
  });

  test('stores a valid message, confirms it and resets the form', async ({ page }) => {
    await page.goto('/contact');
    await fillValidForm(page);
    const response = page.waitForResponse('**/api/contact');
    await page.getByRole('button', { name: 'Submit' }).click();
    const stored = await response;
    expect(stored.status()).toBe(201);
    expect((await stored.json()).id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByText(full(CONTACT_MESSAGES.sent))).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel(/I agree to the Terms/)).not.toBeChecked();
  });

  test('links the agreement to the terms and the privacy policy', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form');
    await expect(form).toBeVisible();
    await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
