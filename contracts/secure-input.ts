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

/** A trimmed, checked, bracket-free string of min..max characters. */
export function secureText(options: { min?: number; max: number; message: string }) {
  const { min = 1, max, message } = options;
  return z
    .string({ message })
    .trim()
    .refine(isSafeText, UNSAFE_INPUT)
    .transform(stripAngleBrackets)
    .pipe(z.string().min(min, message).max(max, message));
}

/** An optional text: empty becomes null. */
export function optionalSecureText(max: number, message: string) {
  return z
    .string({ message })
    .trim()
    .max(max, message)
    .refine(isSafeText, UNSAFE_INPUT)
    .transform((value) => (value === '' ? null : stripAngleBrackets(value)))
    .nullable()
    .optional()
    .transform((value) => value ?? null);
}
