import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@contracts/dates';
import { questionApiPaths } from '@contracts/question-api-paths';
import type {
  CoachInbox,
  CoachInboxQuestion,
  PlayerQuestion,
  PlayerQuestions,
} from '@contracts/questions';
import { json, renderApp, signedIn } from '@/test/render-app';
import { signedInCoach } from '@/test/accounts';

/**
 * Issue 36, "The work queue", as the pages show it: a follow-up on an answered question keeps the
 * Coach's inbox saying that something needs her (the banner no longer vanishes with the last
 * unanswered question), "Show what needs you" opens the queue, and every card says what is needed
 * and by when; a Player's card says what is asked of them. The server's rules: work-queue.test.ts.
 */
const coach = signedInCoach('Quinn Coach');
const followUpUntil = '2099-03-04T05:06:00.000Z';
const answeredWithFollowUp: CoachInboxQuestion = {
  id: '00000000-0000-4000-8000-000000000361',
  playerId: 'u-pat',
  playerName: 'Pat Player',
  playerPhotoUrl: null,
  question: 'How high should my arc be?',
  context: null,
  answer: 'About 45 degrees.',
  status: 'answered',
  paymentStatus: 'paid',
  amount: 3000,
  createdAt: '2099-03-01T10:00:00.000Z',
  answeredAt: '2099-03-01T12:00:00.000Z',
  messageCount: 1,
  replyWaiting: false,
  answerBy: '2099-03-08T10:00:00.000Z',
  need: { kind: 'follow_up', by: followUpUntil },
};
const disputed: CoachInboxQuestion = {
  ...answeredWithFollowUp,
  id: '00000000-0000-4000-8000-000000000362',
  question: 'What should I eat before a game?',
  messageCount: 0,
  need: { kind: 'statement', by: null },
};
const done: CoachInboxQuestion = {
  ...answeredWithFollowUp,
  id: '00000000-0000-4000-8000-000000000363',
  question: 'How do I warm up my wrists?',
  messageCount: 0,
  need: null,
};
const page = (questions: CoachInboxQuestion[]): CoachInbox => ({
  coachSince: '2099-03-01T10:00:00.000Z',
  answeredCount: 3,
  unansweredCount: 0,
  needsCount: 2,
  questions,
  nextCursor: null,
});

describe('the work queue', () => {
  it('keeps telling the Coach what needs her once everything is answered, and shows it by deadline', async () => {
    const app = renderApp('/expert-inbox', {
      account: coach,
      api: {
        [questionApiPaths.coachInbox]: (_: RequestInit, __: number, query: URLSearchParams) =>
          json(
            200,
            page(
              query.get('filter') === 'needs'
                ? [disputed, answeredWithFollowUp]
                : [answeredWithFollowUp, disputed, done],
            ),
          ),
      },
    });
    const banner = (await screen.findByText('2 questions need you')).closest('[role="status"]');
    expect(banner).toBeTruthy();
    expect(within(banner as HTMLElement).queryByText(/unanswered/)).toBeNull();
    expect(screen.getByText('Answer the follow-up')).toBeTruthy();
    expect(screen.getByText(`by ${formatDateTime(followUpUntil)}`)).toBeTruthy();
    expect(screen.getByText('Add your statement to the dispute')).toBeTruthy();
    expect(screen.getByText('before the dispute is decided')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show what needs you' }));
    expect(await screen.findByRole('button', { name: 'Needs You', pressed: true })).toBeTruthy();
    expect(app.requests().some((r) => r.path === questionApiPaths.coachInbox)).toBe(true);
    // Soonest first, as the server sent them; the question that needs nothing is not in the queue.
    const cards = screen.getAllByText(/How high should my arc be\?|What should I eat/);
    expect(cards.map((card) => card.textContent)).toEqual([
      'What should I eat before a game?',
      'How high should my arc be?',
    ]);
    expect(screen.queryByText('How do I warm up my wrists?')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show what needs you' })).toBeNull();
  });

  it("says on a Player's card what is asked of them", async () => {
    const asked: PlayerQuestion = {
      id: '00000000-0000-4000-8000-000000000364',
      coach: { id: 'c-1', name: 'Quinn Coach', photoUrl: null, expertise: 'Shooting' },
      question: 'Should I shoot more free throws a day?',
      answer: null,
      status: 'pending',
      paymentStatus: 'paid',
      amount: 3000,
      createdAt: '2099-03-01T10:00:00.000Z',
      answeredAt: null,
      disputeFlagged: false,
      disputeUntil: null,
      declinedAt: null,
      refundedAt: null,
      answerBy: '2099-03-08T10:00:00.000Z',
      messageCount: 1,
      responseHours: 168,
      need: { kind: 'details', by: '2099-03-08T10:00:00.000Z' },
    };
    const mine: PlayerQuestions = { questions: [asked], nextCursor: null };
    renderApp('/asker-inbox', {
      account: signedIn(),
      api: { [questionApiPaths.playerQuestions]: mine },
    });
    expect(await screen.findByText('Your Coach asked for details: reply')).toBeTruthy();
    expect(screen.getByText(`by ${formatDateTime('2099-03-08T10:00:00.000Z')}`)).toBeTruthy();
  });
});
