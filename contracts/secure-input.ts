import { z } from 'zod';

/** Spec §5 'Secure inputs': script-like patterns are refused outright. */
const DANGEROUS = [
  /<\s*script/i,
  /javascript\s*:/i,
  /\bon\w+\s*=/i,
  /<\s*iframe/i,
  /<\s*object/i,
  /<\s*embed/i,
];
export const UNSAFE_INPUT = 'This field contains content that is not allowed.';

export const isSafeText = (value: string): boolean => !DANGEROUS.some((p) => p.test(value));
/** Angle brackets are stripped from what is stored (spec §5). */
export const stripAngleBrackets = (value: string): string => value.replace(/[<>]/g, '');

/**
 * The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): shown to
 * someone else they reorder what follows, so 'gnp.exe' reads as 'exe.png' and a message can say
 * other than what it holds. Removed from every text a person writes and from attachment names
 * (issue 36). The marks that only order plain text (U+200E, U+200F, U+061C) stay.
 */
export const DIRECTION_OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/g;
/** The text without direction overrides, then trimmed (so none hides a space at either end). */
const withoutOverrides = (value: string): string => value.replace(DIRECTION_OVERRIDES, '').trim();

/** A trimmed, checked, bracket-free string of min..max characters, without direction overrides. */
export function secureText(options: { min?: number; max: number; message: string }) {
  const { min = 1, max, message } = options;
  return z
    .string({ message })
    .transform(withoutOverrides)
    .refine(isSafeText, UNSAFE_INPUT)
    .transform(stripAngleBrackets)
    .pipe(z.string().min(min, message).max(max, message));
}

/** An optional text: empty becomes null. */
export function optionalSecureText(max: number, message: string) {
  return z
    .string({ message })
    .transform(withoutOverrides)
    .pipe(z.string().max(max, message))
    .refine(isSafeText, UNSAFE_INPUT)
    .transform((value) => (value === '' ? null : stripAngleBrackets(value)))
    .nullable()
    .optional()
    .transform((value) => value ?? null);
}
