import { describe, expect, it } from 'vitest';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { refundedSentence } from './simple-detail';

const answerBy = '2026-11-28T12:00:00.000Z';

describe('refundedSentence', () => {
  it("gives the spec's sentence, at the question's promise, when the deadline refunded it", () => {
    expect(refundedSentence({ responseHours: 168, refundedAt: answerBy, answerBy })).toBe(
      'This question was not answered within 7 days and has been refunded.',
    );
    expect(
      refundedSentence({ responseHours: 24, refundedAt: '2026-11-28T12:05:00.000Z', answerBy }),
    ).toBe('This question was not answered within 24 hours and has been refunded.');
  });

  it('does not blame the deadline for a refund made before it (a suspension, an administrator)', () => {
    expect(
      refundedSentence({ responseHours: 168, refundedAt: '2026-11-25T09:00:00.000Z', answerBy }),
    ).toBe(QUESTION_MESSAGES.refundedEarly);
  });
});
