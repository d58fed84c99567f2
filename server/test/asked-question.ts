import type { App } from '../app';
import type { AppContext } from '../context';
import { askCoach, connectPayouts, requestsTo, signedInUser, type TestUser } from './accounts';

/**
 * Puts a Coach profile up for a signed-in Coach and connects their payouts, through the API, so
 * Players can ask them (ADR 061); returns the profile's id.
 */
export async function coachProfile(app: App, coach: TestUser, name: string): Promise<string> {
  const profile = { name, expertise: 'Swim', price: 10, acceptedAgreement: true };
  const res = await requestsTo(() => app)('PUT', '/api/profiles/expert', coach, profile);
  await connectPayouts(app, coach);
  return res.json<{ id: string }>().id;
}

/** A Coach named `coachName` with a profile, and a Player who has asked them a question. */
export async function askedQuestion(app: App, ctx: AppContext, coachName: string) {
  const coach = await signedInUser(app, ctx, { roles: ['expert'] });
  const coachId = await coachProfile(app, coach, coachName);
  const player = await signedInUser(app, ctx, { roles: ['asker'] });
  const questionId = await askCoach(
    requestsTo(() => app),
    player,
    coachId,
  );
  return { coach, player, questionId };
}

/** The Coach answers, through the API; returns the status code. */
export async function answerQuestion(
  app: App,
  coach: TestUser,
  questionId: string,
  answer: string,
) {
  const url = `/api/questions/${questionId}/answer`;
  return (await requestsTo(() => app)('POST', url, coach, { answer })).statusCode;
}
