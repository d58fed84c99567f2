import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OwnAvailability } from '@contracts/availability-schemas';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { json, renderApp } from '@/test/render-app';
import { ownCoachProfile, signedInCoach } from '@/test/accounts';

/**
 * Manage Coach Profile's availability form (ADR 061) keeps what the Coach chose: its fields appear
 * only with the saved values, so nothing ticked or cleared before they arrive is put back when they
 * do (the browser test's flake of 2026-11-29: a box unticked while loading came back ticked), and a
 * refetch does not undo what is being typed.
 */
const coach = signedInCoach('Pia Pause');
const profile = ownCoachProfile('Pia Pause', 'Shooting');
const paused: OwnAvailability = {
  paused: true,
  returnOn: '2099-12-09',
  note: 'At a tournament in Lisbon.',
  openQuestionCap: null,
  openQuestions: 0,
  availability: { state: 'paused', returnOn: '2099-12-09', note: 'At a tournament in Lisbon.' },
};
const resumed: OwnAvailability = {
  paused: false,
  returnOn: null,
  note: null,
  openQuestionCap: 1,
  openQuestions: 0,
  availability: { state: 'open', returnOn: null, note: null },
};

describe('the availability form', () => {
  it('shows no fields until the saved values arrive, then keeps what is typed through a refetch and saves it', async () => {
    let release: (response: Response) => void = () => {};
    const firstLoad = new Promise<Response>((resolve) => (release = resolve));
    const app = renderApp('/manage-expert-profile', {
      account: coach,
      api: {
        [profileApiPaths.ownCoachProfile]: profile,
        [profileApiPaths.ownAvailability]: (init: RequestInit, earlier: number) => {
          if (init.method === 'PUT') return json(200, resumed);
          return earlier === 0 ? firstLoad : json(200, { ...paused, openQuestions: 2 });
        },
      },
    });
    await screen.findByRole('heading', { name: 'Availability' });
    expect(screen.queryByLabelText('Pause taking questions')).toBeNull();

    release(json(200, paused));
    const pause = await screen.findByLabelText<HTMLInputElement>('Pause taking questions');
    expect(pause.checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Return date (optional)').value).toBe(
      '2099-12-09',
    );

    const user = userEvent.setup();
    await user.click(pause);
    await user.type(screen.getByLabelText('Most open questions at once (optional)'), '1');
    // Something else refetches the settings (a realtime event, a window focus) with a new count.
    await app.queryClient.invalidateQueries({ queryKey: ['profiles', 'expert', 'availability'] });
    expect(screen.getByLabelText<HTMLInputElement>('Pause taking questions').checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Availability saved')).toBeTruthy();
    const put = app.requests().find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ paused: false, openQuestionCap: 1 });
    // The saved answer is put back into the fields: the pause's date and note are gone with it.
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Return date (optional)').value).toBe(''),
    );
    expect(
      screen.getByLabelText<HTMLInputElement>('Most open questions at once (optional)').value,
    ).toBe('1');
  });
});
