import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionApiPaths } from '@contracts/question-api-paths';
import {
  REVIEW_MESSAGES,
  STUDIO_LABELS,
  STUDIO_MESSAGES,
  studioPath,
  videoReviewApiPaths,
} from '@contracts/video-review';
import {
  message,
  PLAYER_VIDEO,
  playerVideoAttachments,
  questionOf,
  QUESTION_ID,
} from '@/components/video-review/review-fixtures';
import { signedInCoach } from '@/test/accounts';
import { TestEventSource } from '@/test/event-source';
import { renderApp, signedIn } from '@/test/render-app';

/**
 * Issue 38, the Coach's studio as the UI decides it (happy-dom has no video or canvas: the stage
 * draws nothing, the controls and the drawings' list are what is tested; the browser test records
 * for real). The canvas's pixels are its own: a pointer at (x, y) is that pixel of the stage.
 */
const coach = signedInCoach('Quinn Coach');
const FOLLOW_UP_VIDEO = '00000000-0000-4000-8000-0000000038a9';
const REFERENCE_VIDEO = '00000000-0000-4000-8000-0000000038c1';
const attachments = {
  ...playerVideoAttachments,
  messages: {
    'm-1': [
      {
        ...playerVideoAttachments.question[0]!,
        id: FOLLOW_UP_VIDEO,
        name: 'toss.mp4',
        url: '/files/toss.mp4',
      },
    ],
  },
};
const question = questionOf({ messages: [message({ kind: 'clarification_reply' })] });

const open = (path = studioPath(QUESTION_ID, PLAYER_VIDEO), more = {}) =>
  renderApp(path, {
    account: coach,
    api: {
      [questionApiPaths.question(QUESTION_ID)]: question,
      [`/api/questions/${QUESTION_ID}/attachments`]: attachments,
      ...more,
    },
  });

/** Presses at `from` and releases at `to`, in the stage's pixels (1280 × 720 for the fixture). */
async function drag(from: [number, number], to: [number, number]) {
  const canvas = await screen.findByLabelText(REVIEW_MESSAGES.studioTitle);
  fireEvent.pointerDown(canvas, { button: 0, pointerId: 1, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(canvas, { pointerId: 1, clientX: to[0], clientY: to[1] });
}
const drawingsList = () => within(screen.getByRole('region', { name: STUDIO_LABELS.drawings }));

const captureStream = HTMLCanvasElement.prototype.captureStream;
afterEach(() => {
  vi.unstubAllGlobals();
  // The setup's own stub goes with the others: the app's realtime stream needs it back.
  vi.stubGlobal('EventSource', TestEventSource);
  HTMLCanvasElement.prototype.captureStream = captureStream;
});

describe('the video review studio', () => {
  it("offers every control by its name, on the Player's video the link chose", async () => {
    open(studioPath(QUESTION_ID, FOLLOW_UP_VIDEO));
    expect(await screen.findByRole('heading', { name: REVIEW_MESSAGES.studioTitle })).toBeTruthy();
    expect(
      (screen.getByRole('combobox', { name: STUDIO_LABELS.clip }) as HTMLSelectElement).value,
    ).toBe(FOLLOW_UP_VIDEO);
    for (const name of [
      STUDIO_LABELS.play,
      STUDIO_LABELS.previousFrame,
      STUDIO_LABELS.nextFrame,
      ...Object.values(STUDIO_LABELS.tools),
      STUDIO_LABELS.undo,
      STUDIO_LABELS.redo,
      STUDIO_LABELS.clear,
      STUDIO_LABELS.recordVoiceOver,
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    for (const name of [STUDIO_LABELS.speed, STUDIO_LABELS.colour, STUDIO_LABELS.width]) {
      expect(screen.getByRole('combobox', { name })).toBeTruthy();
    }
    expect(screen.getByRole('slider', { name: STUDIO_LABELS.timeline })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: STUDIO_LABELS.compareWith })).toBeTruthy();
    // The speeds of the issue, 0.1× to 2×.
    const speeds = within(screen.getByRole('combobox', { name: STUDIO_LABELS.speed }));
    expect(speeds.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '0.1×',
      '0.25×',
      '0.5×',
      '1×',
      '1.5×',
      '2×',
    ]);
  });

  it('draws an arrow from a drag, lists it from its time to the end, and undoes and redoes it', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: STUDIO_LABELS.tools.arrow }));
    expect(
      screen.getByRole('button', { name: STUDIO_LABELS.tools.arrow }).getAttribute('aria-pressed'),
    ).toBe('true');
    await drag([100, 100], [640, 360]);
    const item = drawingsList().getByRole('listitem', { name: `1. ${STUDIO_LABELS.tools.arrow}` });
    expect(item.textContent).toContain(STUDIO_MESSAGES.drawingRange('0:00.00', null));
    await userEvent.click(screen.getByRole('button', { name: STUDIO_LABELS.undo }));
    expect(drawingsList().getByText(STUDIO_MESSAGES.noDrawings)).toBeTruthy();
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(drawingsList().getByRole('listitem')).toBeTruthy();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(drawingsList().queryByRole('listitem')).toBeNull();
  });

  it('holds a drawing until the current time, shows it to the end again, deletes it', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: STUDIO_LABELS.tools.line }));
    await drag([100, 100], [300, 300]);
    const list = drawingsList();
    await userEvent.click(list.getByRole('button', { name: STUDIO_LABELS.holdUntilHere }));
    expect(list.getByRole('listitem').textContent).toContain(
      STUDIO_MESSAGES.drawingRange('0:00.00', '0:00.00'),
    );
    await userEvent.click(list.getByRole('button', { name: STUDIO_LABELS.showToEnd }));
    expect(list.getByRole('listitem').textContent).toContain(
      STUDIO_MESSAGES.drawingRange('0:00.00', null),
    );
    await userEvent.click(list.getByRole('button', { name: STUDIO_LABELS.deleteDrawing }));
    expect(list.queryByRole('listitem')).toBeNull();
    // The deletion is a step back too.
    await userEvent.click(screen.getByRole('button', { name: STUDIO_LABELS.undo }));
    expect(list.getByRole('listitem')).toBeTruthy();
  });

  it('takes an angle as three points and a text label only with its text typed', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: STUDIO_LABELS.tools.angle }));
    await drag([200, 200], [400, 400]);
    expect(drawingsList().queryByRole('listitem')).toBeNull();
    await drag([600, 200], [600, 200]);
    expect(
      drawingsList().getByRole('listitem', { name: `1. ${STUDIO_LABELS.tools.angle}` }),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: STUDIO_LABELS.tools.text }));
    const field = screen.getByRole('textbox', { name: new RegExp(STUDIO_LABELS.labelText) });
    await drag([300, 300], [300, 300]);
    expect(drawingsList().getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(field));
    await userEvent.type(field, 'Elbow');
    await drag([300, 300], [300, 300]);
    expect(
      drawingsList().getByRole('listitem', { name: `2. ${STUDIO_LABELS.tools.text} “Elbow”` }),
    ).toBeTruthy();
  });

  it("compares with another of the Player's videos or a reference clip, side by side or overlaid", async () => {
    open(studioPath(QUESTION_ID, PLAYER_VIDEO), {
      [videoReviewApiPaths.referenceClips]: {
        clips: [
          {
            id: 'r-1',
            attachmentId: REFERENCE_VIDEO,
            name: 'Model serve',
            url: '/files/model.mp4',
            thumbnailUrl: null,
            sizeBytes: 1000,
            frameRate: 30,
            durationMs: 4000,
            createdAt: '2099-03-01T10:00:00.000Z',
          },
        ],
      },
    });
    const select = await screen.findByRole('combobox', { name: STUDIO_LABELS.compareWith });
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Model serve' })).toBeTruthy(),
    );
    // The clip on the stage is not offered to compare with itself.
    expect(within(select).queryByRole('option', { name: /serve\.mp4/ })).toBeNull();
    await userEvent.selectOptions(
      select,
      within(select).getByRole('option', { name: /toss\.mp4/ }),
    );
    expect(
      screen.getByRole('button', { name: STUDIO_LABELS.sideBySide }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.queryByRole('slider', { name: STUDIO_LABELS.opacity })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: STUDIO_LABELS.overlay }));
    expect(screen.getByRole('slider', { name: STUDIO_LABELS.opacity })).toBeTruthy();
    expect(screen.getByText(STUDIO_MESSAGES.syncPoints)).toBeTruthy();
    for (const clip of [STUDIO_LABELS.mainClip, STUDIO_LABELS.compareClip]) {
      const group = within(screen.getByRole('group', { name: clip }));
      await userEvent.click(group.getByRole('button', { name: STUDIO_LABELS.setSyncPoint }));
    }
    expect(screen.getByText(STUDIO_MESSAGES.synced)).toBeTruthy();
    await userEvent.selectOptions(
      select,
      within(select).getByRole('option', { name: 'Model serve' }),
    );
    expect(screen.getByText(STUDIO_MESSAGES.syncPoints)).toBeTruthy();
  });

  it('says so when the browser cannot record, or the microphone is refused', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const view = open();
    await userEvent.click(
      await screen.findByRole('button', { name: STUDIO_LABELS.recordVoiceOver }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      REVIEW_MESSAGES.recordingUnsupported,
    );
    view.unmount();

    vi.stubGlobal(
      'MediaRecorder',
      Object.assign(function MediaRecorder() {}, { isTypeSupported: () => true }),
    );
    HTMLCanvasElement.prototype.captureStream = () =>
      ({ getTracks: () => [], getVideoTracks: () => [] }) as unknown as MediaStream;
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
      },
    });
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: STUDIO_LABELS.recordVoiceOver }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.microphoneDenied);
  });

  it('is not there for a Player: the Coach-only guard sends them away', async () => {
    const view = renderApp(studioPath(QUESTION_ID, PLAYER_VIDEO), { account: signedIn() });
    await waitFor(() => expect(view.location()).not.toContain('/studio'));
  });
});

describe('"Open in studio" on the question page', () => {
  const page = (account = coach, q = question) =>
    renderApp(`/questions/${QUESTION_ID}`, {
      account,
      api: {
        [questionApiPaths.question(QUESTION_ID)]: {
          ...q,
          viewerRole: account === coach ? 'expert' : 'asker',
        },
        [`/api/questions/${QUESTION_ID}/attachments`]: attachments,
      },
    });

  it("is beside each of the Player's videos for the Coach who can still answer", async () => {
    page();
    const links = await screen.findAllByRole('link', { name: REVIEW_MESSAGES.openStudio });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      studioPath(QUESTION_ID, PLAYER_VIDEO),
      studioPath(QUESTION_ID, FOLLOW_UP_VIDEO),
    ]);
  });

  it('is not there for the Player, nor once the Coach can no longer answer', async () => {
    const view = page(signedIn());
    await screen.findByRole('region', { name: 'Question attachments' });
    expect(screen.queryByRole('link', { name: REVIEW_MESSAGES.openStudio })).toBeNull();
    view.unmount();
    page(coach, { ...question, status: 'declined' });
    await screen.findByRole('region', { name: 'Question attachments' });
    expect(screen.queryByRole('link', { name: REVIEW_MESSAGES.openStudio })).toBeNull();
  });
});
