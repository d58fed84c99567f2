import type { Account } from '@contracts/account';
import type { OwnCoachProfile } from '@contracts/profiles';

/** A visitor: nobody signed in. */
export const signedOut: Account = {
  user: null,
  roles: [],
  activeRole: null,
  profileCompleted: { asker: false, expert: false },
  coachId: null,
};

/** A signed-in account: a Player with a complete profile unless told otherwise. */
export const signedIn = (overrides: Partial<Account> = {}): Account => ({
  user: { id: 'u-1', name: 'Pat Player', email: 'pat@example.test' },
  roles: ['asker'],
  activeRole: 'asker',
  profileCompleted: { asker: true, expert: false },
  coachId: null,
  ...overrides,
});

/** A signed-in Coach acting as one, with a complete Coach profile (id 'c-1'), named `name`. */
export const signedInCoach = (name: string): Account =>
  signedIn({
    user: { id: 'u-coach', name, email: 'coach@example.test' },
    roles: ['expert'],
    activeRole: 'expert',
    profileCompleted: { asker: false, expert: true },
    coachId: 'c-1',
  });

/** The signed-in Coach's own profile (id 'c-1', as `signedInCoach`'s), as Manage Coach Profile reads it. */
export const ownCoachProfile = (name: string, expertise: string): OwnCoachProfile => ({
  id: 'c-1',
  slug: name.toLowerCase().replace(/ /g, '-'),
  name,
  expertise,
  price: 3000,
  bio: null,
  photoUrl: null,
  onboardingComplete: true,
  responseHours: 168,
  websiteUrl: null,
  linkedinUrl: null,
  twitterUrl: null,
  instagramUrl: null,
});
