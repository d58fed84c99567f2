import type { App } from '../app';
import type { AppContext } from '../context';
import { signedInUser } from './accounts';

/** Puts a Coach profile up for a signed-in Coach, through the API; returns the profile's id. */
export async function coachProfile(
  app: App,
  cookie: string,
  profile: { name: string; expertise: string; price: number },
): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/profiles/expert',
    headers: { cookie },
    payload: { ...profile, acceptedAgreement: true },
  });
  return res.json<{ id: string }>().id;
}

/** A Coach with a profile and a Player who has asked them `question`, all through the API. */
export async function askedQuestion(
  app: App,
  ctx: AppContext,
  { coachName, playerName, question }: { coachName: string; playerName: string; question: string },
) {
  const coach = await signedInUser(app, ctx, { roles: ['expert'] });
  const expertId = await coachProfile(app, coach.cookie, {
    name: coachName,
    expertise: 'Swim',
    price: 10,
  });
  const player = await signedInUser(app, ctx, { roles: ['asker'] });
  const res = await app.inject({
    method: 'POST',
    url: '/api/questions',
    headers: { cookie: player.cookie },
    payload: { expertId, askerName: playerName, question, pledge: true, acceptedConsents: true },
  });
  return { coach, player, questionId: res.json<{ id: string }>().id };
}

/** The Coach answers, through the API; returns the status code. */
export async function answerQuestion(app: App, cookie: string, questionId: string, answer: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/questions/${questionId}/answer`,
    headers: { cookie },
    payload: { answer },
  });
  return res.statusCode;
}
