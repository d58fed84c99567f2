/** Whom a deleted account's mail spoke of: every name and address they went by, and their questions. */
export interface MailPerson {
  names: string[];
  emails: string[];
  questionIds: string[];
}

/** How React (react-email) writes text into the HTML part. */
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The name as a whole word or words, with any white space between its words (the plain-text part
 * wraps long lines). As written: a Coach called "Will" leaves "will" alone.
 */
function namePattern(name: string): RegExp {
  const words = name.split(/\s+/).filter(Boolean).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'gu');
}

/** The address in any case, not a longer one that ends or starts with it. */
const addressPattern = (email: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}._%+-])${escapeRegExp(email)}(?!\\.?[\\p{L}\\p{N}_-])`, 'giu');

/** `text` with every name and address of `person` replaced by the anonymous ones. */
export function scrubbed(
  text: string,
  person: Pick<MailPerson, 'names' | 'emails'>,
  anonymous: { name: string; email: string },
  html: boolean,
): string {
  const variants = (value: string) => (html ? [value, escapeHtml(value)] : [value]);
  let result = text;
  for (const email of person.emails) {
    for (const form of variants(email)) {
      // A replacer function: `$` in the replacement is never a pattern (issue 21).
      result = result.replace(addressPattern(form), () => anonymous.email);
    }
  }
  // Longest first, so a full name goes before the first name it starts with; upper-cased too, as
  // the plain-text part writes headings.
  for (const name of [...person.names].sort((a, b) => b.length - a.length)) {
    for (const form of [...variants(name), ...variants(name.toUpperCase())]) {
      result = result.replace(namePattern(form), () => anonymous.name);
    }
  }
  return result;
}
