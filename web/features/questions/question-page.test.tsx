import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDollarsAndCents } from '@contracts/money';
import { questionApiPaths } from '@contracts/question-api-paths';
import { PAYMENT_BOX, QUESTION_THREAD_HEADINGS } from '@contracts/question-messages';
import type { QuestionDetail } from '@contracts/questions';
import { refundLines } from '@contracts/receipts';
import { renderApp, signedIn } from '@/test/render-app';
import { questionDetail } from '@/test/questions';

/**
 * Issue 36, "What people noticed", on the question page: after a partial refund the payment box
 * says what went back and what was kept (the receipt's lines), and the thread of questions between
 * the same Player and Coach lists the others, not the one on the page.
 */
const QUESTION = '00000000-0000-4000-8000-000000003601';
const EARLIER = '00000000-0000-4000-8000-000000003600';
const LATER = '00000000-0000-4000-8000-000000003602';
const player = signedIn({
  user: { id: 'u-pat', name: 'Pat Player', email: 'pat@example.test' },
});
const summary = (id: string, question: string, createdAt: string) => ({
  id,
  question,
  answer: 'Keep your elbow in.',
  status: 'answered' as const,
  paymentStatus: 'paid' as const,
  amount: 4000,
  createdAt,
  answeredAt: createdAt,
});
const answered = questionDetail(
  summary(QUESTION, 'How do I fix my jump shot?', '2099-03-02T10:00:00.000Z'),
);
const partlyRefunded: QuestionDetail = {
  ...answered,
  disputeFlagged: true,
  dispute: {
    reason: 'incomplete',
    details: null,
    at: '2099-03-03T10:00:00.000Z',
    resolution: 'partially_refunded',
    resolvedAt: '2099-03-05T10:00:00.000Z',
    statement: null,
    statementAt: null,
    note: null,
    partialRefund: { refunded: 1500, kept: 2500, coachShare: 1750, done: true },
  },
};
const open = (question: QuestionDetail) =>
  renderApp(`/questions/${QUESTION}`, {
    account: player,
    api: { [questionApiPaths.question(QUESTION)]: question },
  });

describe('the question page', () => {
  it('says the payment is complete while nothing was refunded', async () => {
    open(answered);
    expect(await screen.findByRole('heading', { name: PAYMENT_BOX.completeTitle })).toBeTruthy();
    expect(screen.getByText(PAYMENT_BOX.paid(true, '$40'))).toBeTruthy();
  });

  it('after a partial refund, says what was refunded and kept, as the receipt does', async () => {
    open(partlyRefunded);
    const heading = await screen.findByRole('heading', { name: PAYMENT_BOX.partlyRefundedTitle });
    expect(screen.queryByRole('heading', { name: PAYMENT_BOX.completeTitle })).toBeNull();
    expect(screen.queryByText(PAYMENT_BOX.paid(true, '$40'))).toBeNull();
    const box = within(heading.closest('section') as HTMLElement);
    expect(
      box.getByText(
        PAYMENT_BOX.partlyRefunded(true, formatDollarsAndCents(1500), formatDollarsAndCents(2500)),
      ),
    ).toBeTruthy();
    const receipt = refundLines(4000, { amount: 1500, at: new Date('2099-03-05T10:00:00.000Z') });
    for (const line of [{ label: 'Amount paid', value: '$40.00' }, ...receipt]) {
      expect(box.getByText(line.label).nextElementSibling?.textContent).toBe(line.value);
    }
    expect(receipt[1]?.value).toBe('$25.00');
  });

  it("lists the other questions between the same Player and Coach, not the page's own", async () => {
    open({
      ...answered,
      thread: [
        summary(EARLIER, 'How do I square my feet?', '2099-03-01T10:00:00.000Z'),
        summary(QUESTION, answered.question, answered.createdAt),
        summary(LATER, 'How far back should I stand?', '2099-03-04T10:00:00.000Z'),
      ],
    });
    const previous = await screen.findByRole('heading', {
      name: QUESTION_THREAD_HEADINGS.previous,
    });
    const earlier = within(previous.closest('section') as HTMLElement);
    expect(earlier.getByRole('link', { name: 'How do I square my feet?' })).toBeTruthy();
    expect(earlier.queryByText(answered.question)).toBeNull();
    expect(earlier.queryByText('How far back should I stand?')).toBeNull();
    const later = within(
      screen
        .getByRole('heading', { name: QUESTION_THREAD_HEADINGS.later })
        .closest('section') as HTMLElement,
    );
    expect(later.getByRole('link', { name: 'How far back should I stand?' })).toBeTruthy();
    // The question itself is on the page once, as the question.
    expect(screen.getAllByText(answered.question)).toHaveLength(1);
  });

  it('shows no later list when every other question came before', async () => {
    open({
      ...answered,
      thread: [
        summary(EARLIER, 'How do I square my feet?', '2099-03-01T10:00:00.000Z'),
        summary(QUESTION, answered.question, answered.createdAt),
      ],
    });
    expect(
      await screen.findByRole('heading', { name: QUESTION_THREAD_HEADINGS.previous }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: QUESTION_THREAD_HEADINGS.later })).toBeNull();
  });

  it('puts "Ask Another Question" on its own row below "Answer by" while the question waits', async () => {
    open({
      ...answered,
      status: 'pending',
      answer: null,
      answeredAt: null,
    });
    const answerBy = (await screen.findByText(/^Answer by /)).closest('span') as HTMLElement;
    const ask = screen.getByRole('link', { name: 'Ask Another Question' });
    // Both inline-flex in one block, they shared a line at desktop widths.
    expect(ask.parentElement).not.toBe(answerBy.parentElement);
    expect(ask.parentElement?.tagName).toBe('DIV');
  });
});
