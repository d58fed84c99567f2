import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Account } from '@contracts/account';
import { ACCOUNT_MESSAGES } from '@contracts/account';
import { PEOPLE_MESSAGES } from '@contracts/admin-people';
import { apiPaths } from '@contracts/api-paths';
import { REDIRECT_NOTICE_TEXTS } from '@contracts/messages';
import { json, renderApp, signedIn, signedOut } from '@/test/render-app';

/**
 * Issue 36, "What people noticed": a message that explains a redirect stays on the page it leads
 * to until dismissed ('Coach role not found'), and a suspended account's refusal stays in the
 * sign-in form, instead of toasts that vanish before they are read.
 */
const player = signedIn({ roles: ['asker'], activeRole: 'asker' });

async function signInAsCoach() {
  await userEvent.type(await screen.findByLabelText('Email'), 'pat@example.test');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
  await userEvent.click(screen.getByLabelText("I'm signing in as a Coach"));
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('a message that explains a redirect', () => {
  it("'Coach role not found' stays on onboarding until dismissed", async () => {
    let account: Account = signedOut;
    const app = renderApp('/auth?mode=signin', {
      account: signedOut,
      api: {
        [apiPaths.account]: () => json(200, account),
        [apiPaths.auth.signIn]: () => {
          account = player;
          return json(200, { redirect: false });
        },
        [apiPaths.accountActiveRole]: () => json(404, { message: 'Not found' }),
      },
    });
    await signInAsCoach();
    await waitFor(() => expect(app.location()).toBe('/onboarding?pref=expert'));
    expect(await screen.findByRole('heading', { name: 'Pick your side' })).toBeTruthy();
    // The notice's module loads when an entry carries one: it comes a moment after the page.
    const notice = (await screen.findByText(ACCOUNT_MESSAGES.coachRoleNotFound)).closest(
      '[role="alert"]',
    );
    expect(notice).toBeTruthy();
    // Not a toast: it is in the page, and only Dismiss takes it away.
    expect(screen.queryByRole('button', { name: 'Close notification' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: REDIRECT_NOTICE_TEXTS.dismiss }));
    expect(screen.queryByText(ACCOUNT_MESSAGES.coachRoleNotFound)).toBeNull();
    expect(app.location()).toBe('/onboarding?pref=expert');
  });

  it('a suspended account is told in the sign-in form, until dismissed', async () => {
    renderApp('/auth?mode=signin', {
      account: signedOut,
      api: {
        [apiPaths.auth.signIn]: () => json(423, { message: PEOPLE_MESSAGES.signInRefused }),
      },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'sid@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const form = (await screen.findByRole('button', { name: 'Sign In' })).closest('form')!;
    await waitFor(() => expect(form.textContent).toContain(PEOPLE_MESSAGES.signInRefused));
    expect(screen.queryByRole('button', { name: 'Close notification' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: REDIRECT_NOTICE_TEXTS.dismiss }));
    expect(form.textContent).not.toContain(PEOPLE_MESSAGES.signInRefused);
  });
});
