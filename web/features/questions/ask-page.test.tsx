import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileApiPaths } from '@contracts/profile-api-paths';
import type { PublicCoach } from '@contracts/profiles';
import { PLAYER_FEE_SHARE_CONSENT } from '@contracts/question-messages';
import { renderApp, signedIn } from '@/test/render-app';

/**
 * Issue 36, "What people noticed", on the ask form: a Player agrees to how their fee is shared,
 * not to the Revenue Agreement, which is the Coaches' agreement.
 */
const coach: PublicCoach = {
  id: 'c-1',
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
});
