import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionApiPaths } from '@contracts/question-api-paths';
import { MESSAGE_ACTIONS } from '@contracts/question-thread';
import { REVIEW_PLAYER_MESSAGES, reviewAddedPath } from '@contracts/review-player';
import { REVIEW_MESSAGES, videoReviewApiPaths, type VideoReview } from '@contracts/video-review';
import { signedInCoach } from '@/test/accounts';
import { json, renderApp, type FakeApi } from '@/test/render-app';
import {
  answeredFor,
  message,
  PLAYER_VIDEO,
  playerVideoAttachments,
  questionOf,
  QUESTION_ID,
  reviewOf,
} from './review-fixtures';
import { PROCESSING_POLL_MS } from './reviews-api';

/**
 * Issue 38, the answer side: the Coach's unsent video reviews in the Respond dialog and the
 * follow-up answer form, each in its state, polled while prepared, sent with the answer as
 * `reviewIds`, holding the answer back while one is still being prepared.
 */
const coach = signedInCoach('Quinn Coach');
const reviewsPath = videoReviewApiPaths.reviews(QUESTION_ID);
const ready = reviewOf('00000000-0000-4000-8000-0000000038b1');
const processing = reviewOf('00000000-0000-4000-8000-0000000038b2', {
  status: 'processing',
  progress: 40,
  videoUrl: null,
  posterUrl: null,
  durationMs: 65_000,
});
const failed = reviewOf('00000000-0000-4000-8000-0000000038b3', {
  status: 'failed',
  videoUrl: null,
  posterUrl: null,
  durationMs: 30_000,
});
const sentEarlier = reviewOf('00000000-0000-4000-8000-0000000038b4', {
  sentAt: '2099-03-03T10:00:00.000Z',
});

const open = (reviews: FakeApi[string], question = questionOf(), more: FakeApi = {}) =>
  renderApp(`/questions/${QUESTION_ID}`, {
    account: coach,
    api: {
      [questionApiPaths.question(QUESTION_ID)]: question,
      [`/api/questions/${QUESTION_ID}/attachments`]: playerVideoAttachments,
      [reviewsPath]: reviews,
      ...more,
    },
  });

const respond = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Respond to Question' }));
  return within(await screen.findByRole('dialog'));
};

afterEach(() => {
  vi.useRealTimers();
});

describe("the Coach's video reviews in the Respond dialog", () => {
  it('lists each draft in its state, not the sent ones, and links to the studio', async () => {
    const { requests } = open({ reviews: [ready, processing, failed, sentEarlier] });
    const dialog = await respond();
    const readyDraft = await dialog.findByRole('article', { name: 'Video review (3:12)' });
    // The poster is decorative: the draft's name says what it is.
    expect(readyDraft.querySelector('img')?.getAttribute('src')).toBe(ready.posterUrl);
    const preparing = dialog.getByRole('article', { name: 'Video review (1:05)' });
    expect(within(preparing).getByText(REVIEW_MESSAGES.processing(40))).toBeTruthy();
    expect(preparing.querySelector('img')).toBeNull();
    expect(dialog.getByText(REVIEW_MESSAGES.failed)).toBeTruthy();
    expect(dialog.getAllByRole('article')).toHaveLength(3);
    expect(
      (await dialog.findByRole('link', { name: REVIEW_MESSAGES.openStudio })).getAttribute('href'),
    ).toBe(`/questions/${QUESTION_ID}/studio?clip=${PLAYER_VIDEO}`);
    // The answer's own files are still offered, for a video recorded elsewhere.
    expect(dialog.getByText(/attach/i)).toBeTruthy();
    expect(requests().filter((r) => r.path === reviewsPath)).toHaveLength(1);
  });

  it('reads the drafts again every 2 s while one is prepared, and stops once it is ready', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const { requests } = open((_init: RequestInit, earlier: number) =>
      json(200, {
        reviews: [earlier < 2 ? { ...processing, progress: 40 * (earlier + 1) } : ready],
      }),
    );
    const dialog = await respond();
    await dialog.findByText(REVIEW_MESSAGES.processing(40));
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    await dialog.findByText(REVIEW_MESSAGES.processing(80));
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    await waitFor(() => expect(dialog.queryByText(/Preparing video/)).toBeNull());
    expect(
      dialog.getByRole('article', { name: 'Video review (3:12)' }).querySelector('img'),
    ).toBeTruthy();
    const polls = () => requests().filter((r) => r.path === reviewsPath).length;
    expect(polls()).toBe(3);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 10);
    expect(polls()).toBe(3);
  });

  it('sends the ready drafts as reviewIds with the text, and no failed one', async () => {
    const sent: unknown[] = [];
    const { requests } = open({ reviews: [ready, failed] }, questionOf(), {
      [questionApiPaths.questionAnswer(QUESTION_ID)]: (init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return json(200, {});
      },
    });
    const dialog = await respond();
    await dialog.findByRole('article', { name: 'Video review (3:12)' });
    const submit = dialog.getByRole('button', { name: 'Submit Response' });
    // The review is an addition: the answer's text stays required.
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(dialog.getByLabelText('Your Answer *'), 'Toss lower.');
    await userEvent.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ answer: 'Toss lower.', attachmentIds: [], reviewIds: [ready.id] });
    expect(requests().some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('holds the answer back while a draft is being prepared, and sends it once it is ready', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const prepared = { ...processing, status: 'ready' as const, progress: 100 };
    const sent: unknown[] = [];
    let held = true;
    open(() => json(200, { reviews: [ready, held ? processing : prepared] }), questionOf(), {
      [questionApiPaths.questionAnswer(QUESTION_ID)]: (init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return json(200, {});
      },
    });
    const dialog = await respond();
    await dialog.findByText(REVIEW_MESSAGES.processing(40));
    await userEvent.type(dialog.getByLabelText('Your Answer *'), 'Toss lower.');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Response' }));
    expect(await dialog.findByText(REVIEW_MESSAGES.notReady)).toBeTruthy();
    expect(sent).toHaveLength(0);
    // Prepared meanwhile: the refusal goes, and the answer sends both reviews.
    held = false;
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    await waitFor(() => expect(dialog.queryByText(REVIEW_MESSAGES.notReady)).toBeNull());
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Response' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ reviewIds: [ready.id, processing.id] });
  });

  it("refuses more ready drafts than an answer can carry, in the contract's words", async () => {
    const many = [1, 2, 3, 4].map((n) =>
      reviewOf(`00000000-0000-4000-8000-0000000038e${n}`, { durationMs: n * 10_000 }),
    );
    const { requests } = open({ reviews: many });
    const dialog = await respond();
    await dialog.findByRole('article', { name: 'Video review (0:40)' });
    await userEvent.type(dialog.getByLabelText('Your Answer *'), 'Toss lower.');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Response' }));
    expect(await dialog.findByText(REVIEW_MESSAGES.tooMany)).toBeTruthy();
    expect(requests().some((r) => r.method === 'POST' && r.path.endsWith('/answer'))).toBe(false);
  });

  it('removes a draft the Coach will not send', async () => {
    let reviews: VideoReview[] = [ready, failed];
    const { requests } = open(() => json(200, { reviews }), questionOf(), {
      [videoReviewApiPaths.review(QUESTION_ID, failed.id)]: () => {
        reviews = [ready];
        return new Response(null, { status: 204 });
      },
    });
    const dialog = await respond();
    const draft = await dialog.findByRole('article', {
      name: 'Video review (3:12)',
      hidden: false,
    });
    expect(draft).toBeTruthy();
    const failedDraft = dialog
      .getAllByRole('article')
      .find((a) => within(a).queryByText(REVIEW_MESSAGES.failed)) as HTMLElement;
    await userEvent.click(
      within(failedDraft).getByRole('button', { name: REVIEW_PLAYER_MESSAGES.remove }),
    );
    await waitFor(() => expect(dialog.queryByText(REVIEW_MESSAGES.failed)).toBeNull());
    expect(requests()).toContainEqual({
      path: videoReviewApiPaths.review(QUESTION_ID, failed.id),
      method: 'DELETE',
      body: undefined,
    });
  });
});

describe("the Coach's video reviews in the follow-up answer form", () => {
  it('sends the ready drafts with the answer to the follow-up', async () => {
    const sent: unknown[] = [];
    const question = answeredFor('expert', {
      messages: [message({ id: 'm-follow-up', createdAt: '2099-03-04T10:00:00.000Z' })],
      followUpUntil: '2099-03-07T10:00:00.000Z',
    });
    open({ reviews: [sentEarlier, ready] }, question, {
      [questionApiPaths.questionMessages(QUESTION_ID)]: (init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return json(200, { id: 'm-2' });
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: MESSAGE_ACTIONS.follow_up_answer.button }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('article', { name: 'Video review (3:12)' })).toBeTruthy();
    // The first answer's review is sent already: not a draft of this one.
    expect(dialog.getAllByRole('article')).toHaveLength(1);
    await userEvent.type(
      dialog.getByLabelText(MESSAGE_ACTIONS.follow_up_answer.label),
      'Same fix, earlier.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      kind: 'follow_up_answer',
      body: 'Same fix, earlier.',
      reviewIds: [ready.id],
    });
  });
});

describe('back from the studio with a review added', () => {
  it('opens the answer form with its drafts, once', async () => {
    const { location } = renderApp(reviewAddedPath(QUESTION_ID), {
      account: coach,
      api: {
        [questionApiPaths.question(QUESTION_ID)]: questionOf(),
        [reviewsPath]: { reviews: [ready] },
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Respond to Question' }));
    const draft = await dialog.findByRole('article', { name: 'Video review (3:12)' });
    expect(within(draft).getByText('3:12')).toBeTruthy();
    expect(location()).toBe(`/questions/${QUESTION_ID}`);
  });
});
