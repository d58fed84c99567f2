import { z } from 'zod';
import { CONTACT_SUBJECT_MIN_WORDS } from './limits';
import { joined } from './messages';

export const CONTACT_TOPICS = [
  { value: 'account', label: 'Account' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'payments', label: 'Payments' },
  { value: 'response-issue', label: 'Issue with response' },
  { value: 'media', label: 'Media inquiry' },
  { value: 'other', label: 'Other' },
] as const;
export const CONTACT_TOPIC_VALUES = CONTACT_TOPICS.map((t) => t.value) as [
  (typeof CONTACT_TOPICS)[number]['value'],
  ...(typeof CONTACT_TOPICS)[number]['value'][],
];
export type ContactTopic = (typeof CONTACT_TOPIC_VALUES)[number];

export const CONTACT_MESSAGES = {
  agreementRequired: {
    title: 'Agreement Required:',
    description: 'Please agree to the terms of service and privacy policy.',
  },
  subjectTooShort: {
    title: 'Subject Too Short:',
    description: 'Subject must be at least 5 words.',
  },
  sent: { title: 'Message Sent!', description: "We'll get back to you as soon as possible." },
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  topicRequired: 'Please choose a topic',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  tooLong: 'This field is too long',
  failed: 'Failed to send your message. Please try again.',
} as const;

/** Spec §5: words are counted by splitting on spaces. */
export const countWords = (text: string): number =>
  text.split(' ').filter((word) => word.length > 0).length;

const required = (message: string, max = 255) =>
  z.string().trim().min(1, message).max(max, CONTACT_MESSAGES.tooLong);

export const contactSchema = z.object({
  name: required(CONTACT_MESSAGES.nameRequired, 100),
  email: required(CONTACT_MESSAGES.emailRequired).pipe(
    z.email({ message: CONTACT_MESSAGES.emailInvalid }),
  ),
  phone: z.string().trim().max(40, CONTACT_MESSAGES.tooLong),
  topic: z.enum(CONTACT_TOPIC_VALUES, { message: CONTACT_MESSAGES.topicRequired }),
  subject: required(CONTACT_MESSAGES.subjectRequired).refine(
    (subject) => countWords(subject) >= CONTACT_SUBJECT_MIN_WORDS,
    joined(CONTACT_MESSAGES.subjectTooShort),
  ),
  message: required(CONTACT_MESSAGES.messageRequired, 5000),
  agreeToTerms: z.boolean().refine((v) => v, joined(CONTACT_MESSAGES.agreementRequired)),
});
export type ContactInput = z.infer<typeof contactSchema>;
