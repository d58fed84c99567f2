import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES } from '@contracts/directory';
import { COACH_VERIFIED, DIRECTORY_HIDDEN_MESSAGES } from '@contracts/directory-pages';
import type { DirectoryCoach, DirectoryPage } from '@contracts/directory-schemas';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { renderApp, signedOut } from '@/test/render-app';

/**
 * Issue 36, "What people noticed", in the directory: the stars show their average (4.8), two
 * Coaches of the same name differ by photo, expertise and the Verified mark, and an empty
 * 'Taking questions' view says what it hides and offers all Coaches.
 */
const card = (overrides: Partial<DirectoryCoach>): DirectoryCoach => ({
  id: 'c-1',
  slug: 'sam-lee',
  name: 'Sam Lee',
  expertise: 'Tennis serve',
  photoUrl: null,
  pricePerQuestion: 3000,
  starRating: 5,
  averageRating: 4.8,
  reviewCount: 12,
  helpfulPercent: 90,
  answeredCount: 20,
  availability: { state: 'open', returnOn: null, note: null },
  responseHours: 48,
  medianResponseMinutes: null,
  payoutReady: true,
  ...overrides,
});
const page = (coaches: DirectoryCoach[], hiddenCount = 0): DirectoryPage => ({
  coaches,
  nextCursor: null,
  hiddenCount,
});

describe('the Coach directory', () => {
  it('shows the average beside the stars, and tells two Coaches of the same name apart', async () => {
    renderApp('/coaches', {
      account: signedOut,
      api: {
        [profileApiPaths.coachDirectory]: page([
          card({}),
          card({
            id: 'c-2',
            slug: 'sam-lee-2',
            expertise: 'Basketball shooting',
            photoUrl: '/files/sam-2.jpg',
            starRating: 4,
            averageRating: 3.7,
            payoutReady: false,
          }),
        ]),
      },
    });
    const [first, second] = (await screen.findAllByRole('link', { name: /Sam Lee/ })).map((link) =>
      within(link),
    );
    expect(first!.getByText('4.8')).toBeTruthy();
    expect(first!.getByRole('img', { name: '4.8 out of 5 stars' })).toBeTruthy();
    expect(first!.getByText(COACH_VERIFIED.label)).toBeTruthy();
    expect(first!.getByText('Tennis serve')).toBeTruthy();
    expect(second!.getByText('3.7')).toBeTruthy();
    expect(second!.queryByText(COACH_VERIFIED.label)).toBeNull();
    expect(second!.getByText('Basketball shooting')).toBeTruthy();
  });

  it('says what "Taking questions" hides when it is empty, and offers all Coaches', async () => {
    const app = renderApp('/coaches', {
      account: signedOut,
      api: {
        [profileApiPaths.coachDirectory]: (_: RequestInit, __: number, query: URLSearchParams) =>
          Response.json(query.get('show') === 'all' ? page([card({})]) : page([], 3)),
      },
    });
    expect(await screen.findByText(DIRECTORY_HIDDEN_MESSAGES.noneTaking)).toBeTruthy();
    expect(screen.getByText(DIRECTORY_HIDDEN_MESSAGES.noneTakingHint(3))).toBeTruthy();
    expect(screen.queryByText(DIRECTORY_MESSAGES.noCoachesYet)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: DIRECTORY_HIDDEN_MESSAGES.showAll }));
    expect(app.location()).toBe('/coaches?show=all');
    expect(await screen.findByRole('link', { name: /Sam Lee/ })).toBeTruthy();
  });

  it('still says there are no Coaches yet when there are none at all', async () => {
    renderApp('/coaches', {
      account: signedOut,
      api: { [profileApiPaths.coachDirectory]: page([], 0) },
    });
    expect(await screen.findByText(DIRECTORY_MESSAGES.noCoachesYet)).toBeTruthy();
    expect(screen.queryByText(DIRECTORY_HIDDEN_MESSAGES.noneTaking)).toBeNull();
  });
});
