/**
 * Link-preview pictures (ADR 055): every public page names a 1200×630 PNG that the server draws,
 * so a shared link shows a large card rather than a cropped square headshot.
 */

export const LINK_PREVIEW_WIDTH = 1200;
export const LINK_PREVIEW_HEIGHT = 630;

/** The site's own card: the home page's picture, and every public page's that has none of its own. */
export const SITE_PREVIEW_PATH = '/og/home.png';
export const SITE_PREVIEW_ALT = 'Playbook: Ask. Answer. Win.';

/** What a Coach's card shows; a change to any of it is a new picture. */
export interface CoachPreviewFields {
  id: string;
  name: string;
  expertise: string;
  pricePerQuestion: number;
  photoUrl: string | null;
}

/** FNV-1a, 32 bits: a short, stable digest the browser and the server compute alike. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The card's version: a digest of what it shows (the photo URL carries the photo's own version), so
 * the picture's address changes exactly when the picture does and may be cached for good.
 */
export const coachPreviewVersion = (coach: CoachPreviewFields): string =>
  digest(
    JSON.stringify([coach.name, coach.expertise, coach.pricePerQuestion, coach.photoUrl ?? '']),
  );

/** The address of a Coach's card, with its version. */
export const coachPreviewPath = (coach: CoachPreviewFields): string =>
  `/og/coach/${encodeURIComponent(coach.id)}.png?v=${coachPreviewVersion(coach)}`;

export const coachPreviewAlt = (coach: Pick<CoachPreviewFields, 'name' | 'expertise'>): string =>
  `${coach.name}, ${coach.expertise}, on Playbook`;
