import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { REVIEW_PLAYER_MESSAGES } from '@contracts/review-player';
import {
  STUDIO_LABELS,
  STUDIO_SPEEDS,
  videoReviewApiPaths,
  type VideoReview,
} from '@contracts/video-review';
import { json, renderApp, signedIn } from '@/test/render-app';
import { QUESTION_ID, reviewOf } from '@/components/video-review/review-fixtures';

/**
 * Issue 38, the interactive review as the Player opens it: the clip with its controls (play and
 * pause, a frame back and forward at the clip's own rate, the speeds, a labelled position), the
 * compared clip overlaid at its opacity, a way back to the question; and nothing for anyone else.
 */
const REVIEW = '00000000-0000-4000-8000-0000000038d1';
const COMPARED = '00000000-0000-4000-8000-0000000038d2';
const player = signedIn({ user: { id: 'u-pat', name: 'Pat Player', email: 'pat@example.test' } });
const sent = reviewOf(REVIEW, { sentAt: '2099-03-03T10:00:00.000Z' });
const compared: VideoReview = {
  ...sent,
  compare: {
    attachmentId: COMPARED,
    origin: 'reference',
    name: 'Model serve',
    url: '/files/model.mp4',
    frameRate: 30,
    durationMs: 6000,
  },
  document: {
    ...sent.document,
    compare: {
      origin: 'reference',
      attachmentId: COMPARED,
      syncMain: 2000,
      syncCompare: 500,
      layout: 'overlay',
      opacity: 0.4,
    },
  },
};
const path = `/questions/${QUESTION_ID}/reviews/${REVIEW}`;
const open = (answer: unknown) =>
  renderApp(path, {
    account: player,
    api: { [videoReviewApiPaths.reviews(QUESTION_ID)]: answer },
  });
const mainClip = () => screen.getByLabelText(STUDIO_LABELS.mainClip) as HTMLVideoElement;

describe('the interactive review', () => {
  it("plays and pauses, steps one frame at the clip's rate, changes speed and position", async () => {
    open({ reviews: [sent] });
    expect(await screen.findByRole('heading', { name: REVIEW_PLAYER_MESSAGES.title })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: STUDIO_LABELS.backToQuestion }).getAttribute('href'),
    ).toBe(`/questions/${QUESTION_ID}`);
    const video = mainClip();
    expect(video.getAttribute('src')).toBe(sent.source.url);
    expect(video.hasAttribute('playsinline')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: STUDIO_LABELS.play }));
    expect(video.paused).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: STUDIO_LABELS.pause }));
    expect(video.paused).toBe(true);
    expect(await screen.findByRole('button', { name: STUDIO_LABELS.play })).toBeTruthy();

    // 60 fps: one frame forward from the start is frame 1, half a period past its start.
    await userEvent.click(screen.getByRole('button', { name: STUDIO_LABELS.nextFrame }));
    expect(video.currentTime).toBeCloseTo(1.5 / 60, 6);
    await userEvent.click(screen.getByRole('button', { name: STUDIO_LABELS.nextFrame }));
    await userEvent.click(screen.getByRole('button', { name: STUDIO_LABELS.previousFrame }));
    expect(video.currentTime).toBeCloseTo(1.5 / 60, 6);

    const speed = screen.getByLabelText(STUDIO_LABELS.speed) as HTMLSelectElement;
    expect(within(speed).getAllByRole('option')).toHaveLength(STUDIO_SPEEDS.length);
    await userEvent.selectOptions(speed, '0.25');
    expect(video.playbackRate).toBe(0.25);

    const position = screen.getByRole('slider', { name: STUDIO_LABELS.timeline });
    fireEvent.change(position, { target: { value: '3' } });
    expect(video.currentTime).toBe(3);
  });

  it("answers the studio's keys: space plays and pauses, comma and full stop step a frame", async () => {
    open({ reviews: [sent] });
    await screen.findByRole('heading', { name: REVIEW_PLAYER_MESSAGES.title });
    const video = mainClip();
    await userEvent.keyboard('.');
    await userEvent.keyboard('.');
    expect(video.currentTime).toBeCloseTo(2.5 / 60, 6);
    await userEvent.keyboard(',');
    expect(video.currentTime).toBeCloseTo(1.5 / 60, 6);
    await userEvent.keyboard(' ');
    expect(video.paused).toBe(false);
    await userEvent.keyboard(' ');
    expect(video.paused).toBe(true);
  });

  it("steps at the fallback rate when the clip's own is unknown", async () => {
    open({ reviews: [{ ...sent, source: { ...sent.source, frameRate: null } }] });
    await screen.findByRole('heading', { name: REVIEW_PLAYER_MESSAGES.title });
    await userEvent.click(screen.getByRole('button', { name: STUDIO_LABELS.nextFrame }));
    expect(mainClip().currentTime).toBeCloseTo(1.5 / 30, 6);
  });

  it('overlays the compared clip at its opacity, following the sync points', async () => {
    open({ reviews: [compared] });
    await screen.findByRole('heading', { name: REVIEW_PLAYER_MESSAGES.title });
    const other = screen.getByLabelText(STUDIO_LABELS.compareClip) as HTMLVideoElement;
    expect(other.getAttribute('src')).toBe('/files/model.mp4');
    expect(other.style.opacity).toBe('0.4');
    expect(other.muted).toBe(true);
    // Main at 3 s: the compared clip at 0.5 + (3 − 2) = 1.5 s.
    const main = mainClip();
    fireEvent.change(screen.getByRole('slider', { name: STUDIO_LABELS.timeline }), {
      target: { value: '3' },
    });
    fireEvent(main, new Event('seeked'));
    expect(other.currentTime).toBeCloseTo(1.5, 6);
  });

  it("shows the question page's not-found and restricted states to anyone else", async () => {
    const stranger = open(() => json(404, { message: 'Not found' }));
    expect(await screen.findByRole('heading', { name: 'Question Not Found' })).toBeTruthy();
    stranger.unmount();
    open(() => json(403, { message: QUESTION_MESSAGES.accessRestricted }));
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeTruthy();
  });

  it('treats a review the viewer cannot see as missing', async () => {
    open({ reviews: [reviewOf('00000000-0000-4000-8000-0000000038d9')] });
    expect(await screen.findByRole('heading', { name: 'Question Not Found' })).toBeTruthy();
  });
});
