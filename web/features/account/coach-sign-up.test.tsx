import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '@contracts/account';
import { apiPaths } from '@contracts/api-paths';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { renderApp, signedIn } from '@/test/render-app';
import { ONBOARDING_ROLE_PARAM } from './guard';

/**
 * Issue 36, "What people noticed", on 'Sign Up as a Coach': the side chosen at sign-up is not
 * asked again ('Pick your side'), the name signed up with fills Full Name, and the first profile
 * page does not ask for a Coach profile that cannot exist yet (the console's 404).
 */
const newcomer = signedIn({
  user: { id: 'u-new', name: 'Quinn Baxter Hale', email: 'quinn@example.test' },
  roles: [],
  activeRole: null,
  profileCompleted: { asker: false, expert: false },
  coachId: null,
});
const asCoach: Account = { ...newcomer, roles: ['expert'], activeRole: 'expert' };

describe('signing up as a Coach', () => {
  it('goes from the confirmation link straight to the Coach profile, with the name filled in', async () => {
    let rolesNow: Account = newcomer;
    const app = renderApp(`/onboarding?${ONBOARDING_ROLE_PARAM}=expert`, {
      account: newcomer,
      api: {
        [apiPaths.account]: () => Response.json(rolesNow),
        [apiPaths.accountRoles]: () => {
          rolesNow = asCoach;
          return Response.json(asCoach);
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Your Coach Profile' }),
    ).toBeTruthy();
    expect(app.location()).toBe('/create-expert-profile');
    expect(screen.queryByRole('heading', { name: 'Pick your side' })).toBeNull();
    expect(app.requests()).toContainEqual({
      path: apiPaths.accountRoles,
      method: 'POST',
      body: { role: 'expert' },
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe(
        'Quinn Baxter Hale',
      ),
    );
    // No Coach row yet: the page does not ask for one (it would be a 404 in the console).
    expect(app.requests().map((r) => r.path)).not.toContain(profileApiPaths.ownCoachProfile);
  });

  it('still lets someone who chose nothing pick their side', async () => {
    renderApp('/onboarding?pref=expert', { account: newcomer });
    expect(await screen.findByRole('heading', { name: 'Pick your side' })).toBeTruthy();
  });
});
