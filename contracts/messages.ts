/** A message the spec words as a title and a description (a toast's two lines). */
export interface TitledMessage {
  title: string;
  description: string;
}

/** The one-line form of a titled message, where only one line is shown (an error body, a notice). */
export const joined = (message: TitledMessage): string => `${message.title} ${message.description}`;

/**
 * A message that explains a redirect stays on the page it leads to until dismissed (issue 36), in
 * place of a toast that vanishes before it is read.
 */
export const REDIRECT_NOTICE_TEXTS = { dismiss: 'Dismiss' } as const;
