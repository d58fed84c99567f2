/** A message the spec words as a title and a description (a toast's two lines). */
export interface TitledMessage {
  title: string;
  description: string;
}

/** The one-line form of a titled message, where only one line is shown (an error body, a notice). */
export const joined = (message: TitledMessage): string => `${message.title} ${message.description}`;
