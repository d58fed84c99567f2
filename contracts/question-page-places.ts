// No zod here: the question page's parts import it (ADR 073).

/**
 * Places on the question page an e-mail can send someone straight to (issue 36): the answer's
 * form, and the conversation's (a reply to details, a follow-up to answer). The page scrolls to
 * the place and puts the keyboard on its first button.
 */
export const QUESTION_PAGE_PLACES = { respond: 'respond', conversation: 'conversation' } as const;
export type QuestionPagePlace = keyof typeof QUESTION_PAGE_PLACES;
/** The question page's address, at one of its places. */
export const questionPagePath = (id: string, place?: QuestionPagePlace) =>
  `/questions/${encodeURIComponent(id)}${place ? `#${QUESTION_PAGE_PLACES[place]}` : ''}`;
