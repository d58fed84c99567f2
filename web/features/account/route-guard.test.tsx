import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '@contracts/account';
import { apiPaths } from '@contracts/api-paths';
import { renderApp, signedIn } from '@/test/render-app';

/**
 * Spec §6 'Route guard' as the app's routes apply it: where each page sends each person. The rules
 * themselves are guard.test.ts's; these prove every route carries the right ones (moved from the
 * browser suite, ADR 080; the browser keeps the visitor sent to sign in).
 */
describe('the route guard on the app routes', () => {
  it('sends a user without roles to onboarding, from a guarded page and from home', async () => {
    const noRoles = signedIn({ roles: [], activeRole: null });
    const guarded = renderApp('/manage-asker-profile', { account: noRoles });
    await waitFor(() =>
      expect(guarded.location()).toBe('/onboarding?redirect=%2Fmanage-asker-profile'),
    );
    guarded.unmount();
    const home = renderApp('/', { account: noRoles });
    await waitFor(() => expect(home.location()).toBe('/onboarding'));
  });

  it('sends a Player away from a Coach page to home', async () => {
    const app = renderApp('/manage-expert-profile', { account: signedIn() });
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('sends a user to profile creation while the profile is incomplete', async () => {
    const incomplete = signedIn({ profileCompleted: { asker: false, expert: false } });
    const app = renderApp('/manage-asker-profile', { account: incomplete });
    await waitFor(() =>
      expect(app.location()).toBe('/create-asker-profile?redirect=%2Fmanage-asker-profile'),
    );
  });

  it('switches to a required role the user holds, and stays on the page', async () => {
    const both = signedIn({
      roles: ['asker', 'expert'],
      profileCompleted: { asker: true, expert: true },
      coachId: 'c-1',
    });
    const switched: Account = { ...both, activeRole: 'expert' };
    const app = renderApp('/manage-expert-profile', {
      account: both,
      api: { [apiPaths.accountActiveRole]: switched },
    });
    await waitFor(() =>
      expect(app.requests()).toContainEqual({
        path: apiPaths.accountActiveRole,
        method: 'POST',
        body: { role: 'expert' },
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Coach Profile' }),
    ).toBeTruthy();
    expect(app.location()).toBe('/manage-expert-profile');
  });

  it('/become-a-pro starts Coach onboarding and /edit-profile leads to the active profile', async () => {
    const become = renderApp('/become-a-pro', { account: signedIn() });
    await waitFor(() => expect(become.location()).toBe('/onboarding?pref=expert'));
    become.unmount();
    const edit = renderApp('/edit-profile', { account: signedIn() });
    await waitFor(() => expect(edit.location()).toBe('/manage-asker-profile'));
  });
});
