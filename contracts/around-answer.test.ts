import { describe, expect, it } from 'vitest';
import { aroundAnswer } from './question-thread';

const at = (createdAt: string) => ({ createdAt });

describe('aroundAnswer', () => {
  it('puts the details and replies before the answer and the follow-up after it', () => {
    const messages = [
      at('2026-11-01T10:00:00.000Z'),
      at('2026-11-01T12:00:00.000Z'),
      at('2026-11-02T09:00:00.000Z'),
    ];
    expect(aroundAnswer(messages, '2026-11-01T12:00:00.000Z')).toEqual({
      before: messages.slice(0, 2),
      after: messages.slice(2),
    });
  });

  it('keeps every message before an answer still to come', () => {
    const messages = [at('2026-11-01T10:00:00.000Z')];
    expect(aroundAnswer(messages, null)).toEqual({ before: messages, after: [] });
  });
});
