import { z } from 'zod';
import {
  AVAILABILITY_MESSAGES,
  AVAILABILITY_STATES,
  OPEN_QUESTION_CAP_MAX,
  PAUSE_NOTE_MAX,
  todayUtc,
  type Availability,
} from './availability';
import { optionalSecureText } from './secure-input';

/** A Coach's availability (ADR 061) as the API sends it; texts and rules: `availability.ts`. */
export const availabilitySchema = z.object({
  state: z.enum(AVAILABILITY_STATES),
  returnOn: z.string().nullable(),
  note: z.string().nullable(),
}) satisfies z.ZodType<Availability>;

const wholeCap = z
  .number({ message: AVAILABILITY_MESSAGES.capInvalid })
  .int(AVAILABILITY_MESSAGES.capInvalid)
  .min(1, AVAILABILITY_MESSAGES.capInvalid)
  .max(OPEN_QUESTION_CAP_MAX, AVAILABILITY_MESSAGES.capInvalid);

/** Manage Coach Profile's availability form, and the body of its PUT. */
export const availabilityInputSchema = z
  .object({
    paused: z.boolean(),
    /** 'YYYY-MM-DD'; empty or null for a pause without a return date. */
    returnOn: z
      .union([z.literal(''), z.iso.date({ message: AVAILABILITY_MESSAGES.returnDateInvalid })])
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    note: optionalSecureText(PAUSE_NOTE_MAX, AVAILABILITY_MESSAGES.noteTooLong),
    /** null: no cap. */
    openQuestionCap: wholeCap.nullable(),
  })
  // A return date today or earlier would be a pause that is already over.
  .refine((v) => !v.paused || v.returnOn === null || v.returnOn > todayUtc(), {
    message: AVAILABILITY_MESSAGES.returnDateInvalid,
    path: ['returnOn'],
  });
export type AvailabilityInput = z.infer<typeof availabilityInputSchema>;

/** The Coach's own availability settings, as the form edits them, with the state it results in. */
export const ownAvailabilitySchema = z.object({
  paused: z.boolean(),
  returnOn: z.string().nullable(),
  note: z.string().nullable(),
  openQuestionCap: z.number().int().nullable(),
  openQuestions: z.number().int(),
  availability: availabilitySchema,
});
export type OwnAvailability = z.infer<typeof ownAvailabilitySchema>;
