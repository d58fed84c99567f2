import type { ReactNode } from 'react';
import { LINK_PREVIEW_HEIGHT, LINK_PREVIEW_WIDTH } from '../../../contracts/link-preview';

/**
 * The link-preview cards as satori draws them (flexbox only, inline styles, the fonts of
 * `render.ts`). The site's colours: navy ground, volt accent.
 */

const NAVY = '#0b1b33';
const NAVY_LIGHT = '#1c2f4f';
const VOLT = '#c4f135';
const MUTED = '#c9d3e0';

export interface CoachCardContent {
  name: string;
  expertise: string;
  /** `$50`. */
  price: string;
  /** The photo as a data URL, or null for initials. */
  photo: string | null;
}

/** Up to two initials of a name, as the site's avatars show them. */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('') || '?';

/** Cuts a text that would run past `max` characters, at a word where it can. */
export function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        width: LINK_PREVIEW_WIDTH,
        height: LINK_PREVIEW_HEIGHT,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 72px',
        backgroundColor: NAVY,
        backgroundImage: `linear-gradient(135deg, ${NAVY} 0%, ${NAVY_LIGHT} 100%)`,
        color: 'white',
        fontFamily: 'DejaVu Sans',
      }}
    >
      {children}
    </div>
  );
}

function Brand({ size }: { size: number }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: size / 2 }}>
      <div
        style={{
          width: size * 1.4,
          height: size * 1.4,
          borderRadius: size / 3,
          backgroundColor: VOLT,
          color: NAVY,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: size,
          fontWeight: 700,
        }}
      >
        P
      </div>
      <div style={{ fontSize: size, fontWeight: 700, letterSpacing: 1 }}>Playbook</div>
    </div>
  );
}

/** The site's own card: the brand and its promise. */
export function SiteCard() {
  return (
    <Frame>
      <Brand size={44} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <div style={{ display: 'flex', fontSize: 96, fontWeight: 700, color: VOLT }}>
          Ask. Answer. Win.
        </div>
        <div style={{ display: 'flex', fontSize: 40, color: MUTED }}>
          Ask a Coach one question, get a written answer.
        </div>
      </div>
      <div style={{ display: 'flex', fontSize: 30, color: MUTED }}>Find your Coach on Playbook</div>
    </Frame>
  );
}

/** A Coach's card: photo or initials, name, expertise, price per question and the brand. */
export function CoachCard({ name, expertise, price, photo }: CoachCardContent) {
  const side = 280;
  return (
    <Frame>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Brand size={36} />
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, fontSize: 34 }}>
          <div
            style={{
              display: 'flex',
              padding: '8px 24px',
              borderRadius: 999,
              backgroundColor: VOLT,
              color: NAVY,
              fontWeight: 700,
            }}
          >
            {price}
          </div>
          <div style={{ display: 'flex', color: MUTED }}>per question</div>
        </div>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 56, marginBottom: 24 }}>
        {photo ? (
          <img
            src={photo}
            width={side}
            height={side}
            style={{ borderRadius: side / 2, border: `8px solid ${VOLT}`, objectFit: 'cover' }}
          />
        ) : (
          <div
            style={{
              width: side,
              height: side,
              borderRadius: side / 2,
              backgroundColor: VOLT,
              color: NAVY,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 112,
              fontWeight: 700,
            }}
          >
            {initialsOf(name)}
          </div>
        )}
        <div style={{ display: 'flex', flexDirection: 'column', gap: 18, width: 700 }}>
          <div style={{ display: 'flex', fontSize: 64, fontWeight: 700, lineHeight: 1.1 }}>
            {clip(name, 40)}
          </div>
          <div style={{ display: 'flex', fontSize: 36, color: MUTED, lineHeight: 1.25 }}>
            {clip(expertise, 60)}
          </div>
        </div>
      </div>
    </Frame>
  );
}
