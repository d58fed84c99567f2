import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyTransition,
  playerActions,
  coachActions,
  impossibility,
  QUESTION_TRANSITIONS,
  type MoneyState,
  type QuestionState,
  type QuestionTransition,
} from './question-states';

const NAMES = Object.keys(QUESTION_TRANSITIONS) as QuestionTransition[];
/** A question as it is asked: its checkout is started at once, and no answer, so no payout. */
const ASKED: MoneyState = { status: 'pending', paymentStatus: 'pending', payout: null };

/** Every state along the sequence, each transition applied where it is allowed. */
function walk(names: QuestionTransition[]) {
  const states = [ASKED];
  let current = ASKED;
  for (const name of names) {
    const next = applyTransition(current, name);
    if (next) states.push((current = next));
  }
  return states;
}

const asQuestionState = (s: MoneyState): QuestionState => ({
  status: s.status,
  paymentStatus: s.paymentStatus,
  hasAnswer: s.payout !== null,
  disputeFlagged: false,
  disputeUntil: null,
});

const sequences = fc.array(fc.constantFrom(...NAMES), { maxLength: 40 });

describe('a question and its payout move only through QUESTION_TRANSITIONS', () => {
  it('no sequence of transitions reaches an impossible state', () => {
    fc.assert(
      fc.property(sequences, (names) => {
        for (const s of walk(names)) expect(impossibility(s), JSON.stringify(s)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('a closed question never reopens and a refund is never undone', () => {
    fc.assert(
      fc.property(sequences, (names) => {
        const states = walk(names);
        states.slice(1).forEach((s, i) => {
          const before = states[i]!;
          const wasOpen = before.status === 'pending' || before.status === 'answered';
          if (!wasOpen) expect(s.status).toBe(before.status);
          if (before.paymentStatus === 'refunded') expect(s.paymentStatus).toBe('refunded');
          if (before.payout === 'cancelled') expect(s.payout).toBe('cancelled');
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('the buttons and the server offer exactly the transitions the table allows', () => {
    fc.assert(
      fc.property(sequences, (names) => {
        for (const s of walk(names)) {
          const state = asQuestionState(s);
          const allowed = (name: QuestionTransition) => applyTransition(s, name) !== null;
          expect(coachActions(state).answer).toBe(allowed('markAnswered'));
          expect(coachActions(state).decline).toBe(allowed('markDeclined'));
          expect(playerActions(state).withdraw).toBe(allowed('markWithdrawn'));
          expect(playerActions(state).pay).toBe(allowed('markPaid'));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('names what makes a state impossible', () => {
    expect(impossibility({ status: 'withdrawn', paymentStatus: 'paid', payout: null })).toBe(
      'closed but keeps the payment',
    );
    expect(impossibility({ status: 'answered', paymentStatus: 'refunding', payout: 'paid' })).toBe(
      'the Coach is paid for a refunded question',
    );
    expect(impossibility({ status: 'pending', paymentStatus: 'paid', payout: 'pending' })).toBe(
      'a payout without an answer',
    );
  });
});
