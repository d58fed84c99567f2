import { describe, expect, it } from 'vitest';
import type { VideoReview } from '@contracts/video-review';
import { splitMoments } from './moments';
import { latestSentReview, sentReviews } from './reviews-api';

describe('moments in a text (issue 38: "at 0:42")', () => {
  it('makes each moment a part with its seconds, keeping every other character', () => {
    const text = 'Look at 0:42, then again at 1:05.\nAnd at 12:59 too';
    const parts = splitMoments(text);
    expect(parts).toEqual([
      { text: 'Look ' },
      { moment: 'at 0:42', seconds: 42 },
      { text: ', then again ' },
      { moment: 'at 1:05', seconds: 65 },
      { text: '.\nAnd ' },
      { moment: 'at 12:59', seconds: 779 },
      { text: ' too' },
    ]);
    const rejoined = parts.map((p) => ('text' in p ? p.text : p.moment)).join('');
    expect(rejoined).toBe(text);
  });

  it('leaves a text without moments whole, and is the same on every call', () => {
    expect(splitMoments('Keep your elbow in.')).toEqual([{ text: 'Keep your elbow in.' }]);
    expect(splitMoments('at 0:07')).toEqual([{ moment: 'at 0:07', seconds: 7 }]);
    // The shared pattern is global: a second call must not start where the first ended.
    expect(splitMoments('at 0:07')).toEqual([{ moment: 'at 0:07', seconds: 7 }]);
  });

  it('ignores what is not a moment: seconds past 59, a word ending in "at", no space', () => {
    for (const text of ['at 0:75', 'that 0:42', 'at0:42', 'at 123:00', '']) {
      expect(splitMoments(text).every((p) => 'text' in p)).toBe(true);
    }
  });

  it('keeps markup as text: the parts are text, never HTML', () => {
    expect(splitMoments('<img src=x onerror=alert(1)> at 0:01')).toEqual([
      { text: '<img src=x onerror=alert(1)> ' },
      { moment: 'at 0:01', seconds: 1 },
    ]);
  });
});

describe('which review a moment seeks', () => {
  const review = (id: string, sentAt: string | null, videoUrl: string | null = `/v/${id}`) =>
    ({ id, sentAt, videoUrl }) as VideoReview;

  it('lists the sent reviews oldest first, without drafts', () => {
    const list = [
      review('b', '2099-01-02T00:00:00.000Z'),
      review('draft', null),
      review('a', '2099-01-01T00:00:00.000Z'),
    ];
    expect(sentReviews(list).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('seeks the latest sent review that still has its video, none when there is none', () => {
    expect(
      latestSentReview([
        review('a', '2099-01-01T00:00:00.000Z'),
        review('removed', '2099-01-03T00:00:00.000Z', null),
        review('b', '2099-01-02T00:00:00.000Z'),
        review('draft', null),
      ])?.id,
    ).toBe('b');
    expect(latestSentReview([review('draft', null)])).toBeUndefined();
  });
});
