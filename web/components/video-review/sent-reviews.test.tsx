import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '@contracts/attachments';
import { questionApiPaths } from '@contracts/question-api-paths';
import { REVIEW_PLAYER_MESSAGES } from '@contracts/review-player';
import { REVIEW_MESSAGES, videoReviewApiPaths } from '@contracts/video-review';
import { json, renderApp, signedIn } from '@/test/render-app';
import { answeredFor, message, QUESTION_ID, reviewOf } from './review-fixtures';

/**
 * Issue 38 on the Player's question page: each sent review says "Your Coach sent a video review
 * (3:12)" with its poster, plays the MP4 in place, downloads, and opens interactively; the first
 * answer's under the answer, a follow-up answer's under its message; and a moment a text points
 * at ("at 0:42") seeks the latest review video.
 */
const player = signedIn({ user: { id: 'u-pat', name: 'Pat Player', email: 'pat@example.test' } });
const FIRST = '00000000-0000-4000-8000-0000000038c1';
const SECOND = '00000000-0000-4000-8000-0000000038c2';
const first = reviewOf(FIRST, { sentAt: '2099-03-03T10:00:00.000Z' });
const second = reviewOf(SECOND, {
  sentAt: '2099-03-05T10:00:00.000Z',
  messageId: 'm-answer',
  durationMs: 45_000,
});
const withFollowUp = answeredFor('asker', {
  messages: [
    message({ id: 'm-follow-up', body: 'What happens at 0:42 <b>exactly</b>?' }),
    message({
      id: 'm-answer',
      kind: 'follow_up_answer',
      authorRole: 'expert',
      authorName: 'Quinn Coach',
      body: 'Look at 1:05 in the new one.',
      createdAt: '2099-03-05T10:00:00.000Z',
    }),
  ],
  followUpUntil: '2099-03-07T10:00:00.000Z',
  followUpAnswered: true,
});

const open = (reviews: unknown[], question = withFollowUp) =>
  renderApp(`/questions/${QUESTION_ID}`, {
    account: player,
    api: {
      [questionApiPaths.question(QUESTION_ID)]: question,
      [videoReviewApiPaths.reviews(QUESTION_ID)]: { reviews },
    },
  });

describe('sent video reviews on the question page', () => {
  it('says what the Coach sent with its length, plays it with its poster, and opens it interactively', async () => {
    open([first]);
    const line = REVIEW_MESSAGES.sentLine('3:12');
    const review = within(await screen.findByRole('region', { name: line }));
    expect(review.getByText(line)).toBeTruthy();
    const video = review.getByLabelText(line) as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe(first.videoUrl);
    expect(video.getAttribute('poster')).toBe(first.posterUrl);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(
      review.getByRole('link', { name: REVIEW_PLAYER_MESSAGES.download }).getAttribute('href'),
    ).toBe(first.downloadUrl);
    expect(
      review.getByRole('link', { name: REVIEW_MESSAGES.openInteractive }).getAttribute('href'),
    ).toBe(`/questions/${QUESTION_ID}/reviews/${FIRST}`);
  });

  it("puts the first answer's reviews under the answer and a follow-up answer's under its message", async () => {
    open([second, first]);
    const followUpAnswer = await screen.findByRole('article', {
      name: 'Answered the follow-up by Quinn Coach',
    });
    expect(
      await within(followUpAnswer).findByRole('region', {
        name: REVIEW_MESSAGES.sentLine('0:45'),
      }),
    ).toBeTruthy();
    expect(within(followUpAnswer).queryByText(REVIEW_MESSAGES.sentLine('3:12'))).toBeNull();
    const answer = screen.getByRole('heading', { name: 'Coach Response' });
    const underAnswer = screen.getByRole('region', { name: REVIEW_MESSAGES.sentLine('3:12') });
    // After the answer, before the conversation that followed it.
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(answer, underAnswer)).toBe(true);
    expect(follows(underAnswer, followUpAnswer)).toBe(true);
  });

  it('says so when the review video was removed', async () => {
    open([{ ...first, videoUrl: null, downloadUrl: null }]);
    const review = within(
      await screen.findByRole('region', { name: REVIEW_MESSAGES.sentLine('3:12') }),
    );
    expect(review.getByText(ATTACHMENT_MESSAGES.removed)).toBeTruthy();
    expect(review.queryByRole('link', { name: REVIEW_PLAYER_MESSAGES.download })).toBeNull();
  });
});

describe('reviews that arrive', () => {
  it("brings a follow-up answer's reviews when the answer arrives", async () => {
    const { queryClient } = renderApp(`/questions/${QUESTION_ID}`, {
      account: player,
      api: {
        [questionApiPaths.question(QUESTION_ID)]: (_init: RequestInit, earlier: number) =>
          json(
            200,
            earlier === 0
              ? { ...withFollowUp, messages: withFollowUp.messages.slice(0, 1) }
              : withFollowUp,
          ),
        [videoReviewApiPaths.reviews(QUESTION_ID)]: (_init: RequestInit, earlier: number) =>
          json(200, { reviews: earlier === 0 ? [first] : [first, second] }),
      },
    });
    await screen.findByRole('region', { name: REVIEW_MESSAGES.sentLine('3:12') });
    // What a realtime event does when the Coach answers the follow-up.
    await queryClient.invalidateQueries({ queryKey: ['questions'] });
    const followUpAnswer = await screen.findByRole('article', {
      name: 'Answered the follow-up by Quinn Coach',
    });
    expect(
      await within(followUpAnswer).findByRole('region', { name: REVIEW_MESSAGES.sentLine('0:45') }),
    ).toBeTruthy();
  });
});

describe('moments ("at 0:42")', () => {
  it('seeks the latest review video there, paused, and keeps the text around it as text', async () => {
    open([first, second]);
    const followUp = await screen.findByRole('article', {
      name: 'Follow-up question by Pat Player',
    });
    const moment = await within(followUp).findByRole('button', { name: 'at 0:42' });
    // The rest of the text is still text: no markup made of it.
    expect(followUp.querySelector('b')).toBeNull();
    expect(moment.parentElement?.textContent).toBe('What happens at 0:42 <b>exactly</b>?');
    await screen.findByRole('region', { name: REVIEW_MESSAGES.sentLine('0:45') });
    const latest = document.querySelector(`video[src="${second.videoUrl}"]`) as HTMLVideoElement;
    await userEvent.click(moment);
    expect(latest.currentTime).toBe(42);
    expect(latest.paused).toBe(true);
    expect(document.activeElement).toBe(latest);
    // The answer's text has its moment too.
    await userEvent.click(screen.getByRole('button', { name: 'at 1:05' }));
    expect(latest.currentTime).toBe(65);
  });

  it('stays plain text while there is no review to seek', async () => {
    open([]);
    const followUp = await screen.findByRole('article', {
      name: 'Follow-up question by Pat Player',
    });
    expect(within(followUp).getByText('What happens at 0:42 <b>exactly</b>?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'at 0:42' })).toBeNull();
  });
});
