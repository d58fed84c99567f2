import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AVAILABILITY_MESSAGES } from '@contracts/availability';
import { paymentApiPaths } from '@contracts/payment-api-paths';
import { questionApiPaths } from '@contracts/question-api-paths';
import { describe, expect, it } from 'vitest';
import { profileApiPaths } from '@contracts/profile-api-paths';
import type { PublicCoach } from '@contracts/profiles';
import { PLAYER_FEE_SHARE_CONSENT } from '@contracts/question-messages';
import { json, renderApp, signedIn } from '@/test/render-app';

/**
 * Issue 36, "What people noticed", on the ask form: a Player agrees to how their fee is shared,
 * not to the Revenue Agreement, which is the Coaches' agreement.
 */
const coach: PublicCoach = {
  id: '00000000-0000-4000-8000-0000000000c1',
  userId: 'u-coach',
  slug: 'quinn-coach',
  name: 'Quinn Coach',
  expertise: 'Shooting',
  bio: null,
  photoUrl: null,
  pricePerQuestion: 4000,
  starRating: null,
  averageRating: null,
  reviewCount: 0,
  helpfulPercent: null,
  answeredCount: 0,
  availability: { state: 'open', returnOn: null, note: null },
  responseHours: 48,
  medianResponseMinutes: null,
  isOwner: false,
  payoutReady: true,
  websiteUrl: null,
  linkedinUrl: null,
  twitterUrl: null,
  instagramUrl: null,
};
const openAskForm = () =>
  renderApp(`/ask/${coach.id}`, {
    account: signedIn(),
    api: { [profileApiPaths.publicCoach(coach.id)]: coach },
  });

describe('the ask form', () => {
  it('asks the Player to agree to how their fee is shared, not to the Revenue Agreement', async () => {
    openAskForm();
    const consent = await screen.findByLabelText(
      `I agree to the Terms of Service and Privacy Policy, ${PLAYER_FEE_SHARE_CONSENT}`,
    );
    const form = within(consent.closest('form') as HTMLElement);
    expect(form.queryByText(/Revenue Agreement/)).toBeNull();
  });

  it('says the Coach became fully booked when the checkout is refused for it, and opens the question', async () => {
    const question = '00000000-0000-4000-8000-000000000082';
    const app = renderApp(`/ask/${coach.id}`, {
      account: signedIn(),
      api: {
        [profileApiPaths.publicCoach(coach.id)]: coach,
        [questionApiPaths.questions]: () => json(201, { id: question }),
        // Another Player took the last slot between the ask and the checkout (ADR 082).
        [paymentApiPaths.checkout]: () => json(409, { message: AVAILABILITY_MESSAGES.fullyBooked }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your Name'), 'Pat Player');
    await user.type(screen.getByLabelText('Your Question'), 'How do I keep my elbow in?');
    await user.click(
      screen.getByLabelText('I pledge to keep my question respectful and on-topic.'),
    );
    await user.click(
      screen.getByLabelText(
        `I agree to the Terms of Service and Privacy Policy, ${PLAYER_FEE_SHARE_CONSENT}`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(await screen.findByText(AVAILABILITY_MESSAGES.fullyBooked)).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe(`/questions/${question}`));
  });
});
