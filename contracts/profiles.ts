import { availabilitySchema } from './availability-schemas';
import { PROFILE_NOT_FOUND_MESSAGES } from './profile-not-found';
import { z } from 'zod';
import { MIN_PRICE_DOLLARS } from './limits';
import { isResponsePromise } from './response-time';
import { optionalSecureText, secureText } from './secure-input';
import { joined } from './messages';

export const PROFILE_MESSAGES = {
  invalidPrice: 'Invalid Price: Price must be a valid number greater than $1.',
  legalRequired: {
    title: 'Legal Agreement Required',
    description: 'Please accept the Terms of Service, Privacy Policy and Revenue Agreement.',
  },
  nameRequired: 'Full name is required',
  playerNameRequired: 'Name is required',
  expertiseRequired: 'Expertise is required',
  invalidUrl: 'Please enter a valid URL',
  bioTooLong: 'Bio must be at most 5000 characters',
  invalidResponseTime: 'Response time must be 24 hours, 48 hours, 72 hours or 7 days',
  createFailed: 'Failed to create profile. Please try again.',
  updateFailed: 'Failed to update profile. Please try again.',
  coachSaved: { title: 'Profile saved!', description: 'Your coach profile is ready.' },
  /** Not the spec's update toast: nothing was updated yet on creation (issue 13). */
  playerCreated: { title: 'Profile created!', description: 'Your Player profile is ready.' },
  playerUpdated: {
    title: 'Profile updated!',
    description: 'Your asker profile has been successfully updated.',
  },
  coachMissing: {
    title: 'No expert profile found:',
    description: 'You need to create an expert profile first.',
  },
  ...PROFILE_NOT_FOUND_MESSAGES,
} as const;

export const UPLOAD_MESSAGES = {
  invalidType: { title: 'Invalid file type:', description: 'Please upload a JPG or PNG image.' },
  tooLarge: { title: 'File too large:', description: 'Image must be smaller than 5MB.' },
  failed: 'Failed to upload image. Please try again.',
  uploaded: {
    title: 'Image uploaded successfully',
    description: 'Your profile photo has been updated.',
  },
  removed: { title: 'Photo removed', description: 'Your profile photo has been removed.' },
} as const;

/** Spec §5: a URL without a scheme gets https:// in front; empty means none. */
export const optionalUrl = z
  .string()
  .trim()
  .max(500, PROFILE_MESSAGES.invalidUrl)
  .nullable()
  .optional()
  .transform((value) => {
    if (!value) return null;
    return /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  })
  .refine((value) => value === null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), {
    message: PROFILE_MESSAGES.invalidUrl,
  });

const socialLinks = {
  websiteUrl: optionalUrl,
  linkedinUrl: optionalUrl,
  twitterUrl: optionalUrl,
  instagramUrl: optionalUrl,
};

/** Price in whole dollars of at least one; stored as cents. */
export const priceDollars = z.coerce
  .number({ message: PROFILE_MESSAGES.invalidPrice })
  .int(PROFILE_MESSAGES.invalidPrice)
  .min(MIN_PRICE_DOLLARS, PROFILE_MESSAGES.invalidPrice)
  .max(100_000, PROFILE_MESSAGES.invalidPrice);

export const coachProfileSchema = z.object({
  name: secureText({ max: 100, message: PROFILE_MESSAGES.nameRequired }),
  expertise: secureText({ max: 255, message: PROFILE_MESSAGES.expertiseRequired }),
  price: priceDollars,
  bio: optionalSecureText(5000, PROFILE_MESSAGES.bioTooLong),
  ...socialLinks,
  /**
   * The response-time promise in hours (ADR 060). Left out, a new Coach gets the spec's 7 days
   * and a saved profile keeps its promise.
   */
  responseHours: z.coerce
    .number({ message: PROFILE_MESSAGES.invalidResponseTime })
    .refine(isResponsePromise, { message: PROFILE_MESSAGES.invalidResponseTime })
    .optional(),
  acceptedAgreement: z.literal(true, {
    message: joined(PROFILE_MESSAGES.legalRequired),
  }),
});
export type CoachProfileInput = z.infer<typeof coachProfileSchema>;

export const playerProfileSchema = z.object({
  name: secureText({ max: 100, message: PROFILE_MESSAGES.playerNameRequired }),
  bio: optionalSecureText(5000, PROFILE_MESSAGES.bioTooLong),
  ...socialLinks,
});
export type PlayerProfileInput = z.infer<typeof playerProfileSchema>;

const links = z.object({
  websiteUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  instagramUrl: z.string().nullable(),
});

/** The signed-in Coach's own profile, as the management form edits it. */
export const ownCoachProfileSchema = links.extend({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  expertise: z.string(),
  price: z.number().int(),
  bio: z.string().nullable(),
  photoUrl: z.string().nullable(),
  onboardingComplete: z.boolean(),
  responseHours: z.number().int(),
});
export type OwnCoachProfile = z.infer<typeof ownCoachProfileSchema>;

export const ownPlayerProfileSchema = links.extend({
  name: z.string(),
  bio: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type OwnPlayerProfile = z.infer<typeof ownPlayerProfileSchema>;

/** A Coach's public page. */
export const publicCoachSchema = links.extend({
  id: z.string(),
  userId: z.string(),
  /** The current slug: the page's canonical address is /expert/{slug}. */
  slug: z.string(),
  name: z.string(),
  expertise: z.string(),
  bio: z.string().nullable(),
  photoUrl: z.string().nullable(),
  pricePerQuestion: z.number().int(),
  /** Average of published reviews rounded to 1-5, or null with none. */
  starRating: z.number().int().min(1).max(5).nullable(),
  /** The same average to one decimal (4.8), shown beside the stars (issue 36); null with none. */
  averageRating: z.number().min(1).max(5).nullable(),
  reviewCount: z.number().int(),
  /** Helpful ratings over all ratings, rounded, or null with none. */
  helpfulPercent: z.number().int().min(0).max(100).nullable(),
  answeredCount: z.number().int(),
  /** Whether the Coach can be asked now, and why not (ADR 061). */
  availability: availabilitySchema,
  /** The response-time promise in hours (ADR 060). */
  responseHours: z.number().int(),
  /** The median minutes to answer over the last 90 answers; null below 3 answers. */
  medianResponseMinutes: z.number().int().nullable(),
  isOwner: z.boolean(),
  /**
   * The Coach's payout account is ready (Verified, issue 36): with photo and expertise, it tells
   * two Coaches of the same name apart.
   */
  payoutReady: z.boolean(),
});
export type PublicCoach = z.infer<typeof publicCoachSchema>;

export const publicPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  photoUrl: z.string().nullable(),
  memberSince: z.string(),
  questionsAsked: z.number().int(),
});
export type PublicPlayer = z.infer<typeof publicPlayerSchema>;
