import { z } from 'zod';

export const QUESTION_STATUSES = ['pending', 'answered', 'refunded'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const;

/** A question as its Coach sees it in the inbox. */
export const coachInboxQuestionSchema = z.object({
  id: z.string(),
  askerId: z.string(),
  askerName: z.string(),
  askerPhotoUrl: z.string().nullable(),
  question: z.string(),
  context: z.string().nullable(),
  answer: z.string().nullable(),
  status: z.enum(QUESTION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type CoachInboxQuestion = z.infer<typeof coachInboxQuestionSchema>;

export const coachInboxSchema = z.object({
  /** When the Coach's oldest question arrived, or null with none ('Recently'). */
  coachSince: z.string().nullable(),
  answeredCount: z.number().int(),
  unansweredCount: z.number().int(),
  questions: z.array(coachInboxQuestionSchema),
});
export type CoachInbox = z.infer<typeof coachInboxSchema>;

/** A question as its Player sees it in My Questions. */
export const playerQuestionSchema = z.object({
  id: z.string(),
  expert: z.object({
    id: z.string(),
    name: z.string(),
    photoUrl: z.string().nullable(),
    expertise: z.string(),
  }),
  question: z.string(),
  answer: z.string().nullable(),
  status: z.enum(QUESTION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type PlayerQuestion = z.infer<typeof playerQuestionSchema>;
export const playerQuestionsSchema = z.object({ questions: z.array(playerQuestionSchema) });
export type PlayerQuestions = z.infer<typeof playerQuestionsSchema>;

export const INBOX_MESSAGES = {
  inboxLoadFailed: 'Failed to load inbox.',
  questionsLoadFailed: 'Failed to load your questions.',
} as const;
