import { MOMENT_PATTERN, momentSeconds } from '@contracts/video-review';

/** A piece of a text: plain words, or a moment it points at ("at 0:42") and its seconds. */
export type TextPart = { text: string } | { moment: string; seconds: number };

/**
 * Splits a message's or an answer's text at the moments it points at (MOMENT_PATTERN), keeping
 * every character in order, so the text reads the same with the moments made links.
 */
export function splitMoments(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  // A fresh expression: the shared one is global and keeps its lastIndex between uses.
  for (const match of text.matchAll(new RegExp(MOMENT_PATTERN.source, MOMENT_PATTERN.flags))) {
    const [whole, minutes = '0', seconds = '0'] = match;
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ moment: whole, seconds: momentSeconds(minutes, seconds) });
    from = match.index + whole.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
