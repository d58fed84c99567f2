import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MESSAGES } from '@contracts/attachments';
import type { OwnAvailability } from '@contracts/availability-schemas';
import { profileApiPaths } from '@contracts/profile-api-paths';
import {
  REFERENCE_LIBRARY_LABELS as LABELS,
  REVIEW_MESSAGES,
  videoReviewApiPaths,
  type ReferenceClip,
} from '@contracts/video-review';
import { ownCoachProfile, signedInCoach } from '@/test/accounts';
import { json, renderApp, type FakeApi } from '@/test/render-app';

/**
 * The resumable upload, finished at once: the server's answer names the attachment it stored.
 * What tus does on the wire is the upload's own tests'; this card only needs the attachment id.
 */
vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(
      private readonly file: File,
      private readonly options: {
        onSuccess: (payload: { lastResponse: { getBody(): string } }) => void;
      },
    ) {}
    findPreviousUploads = () => Promise.resolve([]);
    resumeFromPreviousUpload = () => undefined;
    abort = () => Promise.resolve();
    start() {
      const body = {
        id: `upload-${this.file.name}`,
        kind: 'video',
        name: this.file.name,
        size: this.file.size,
        video: null,
      };
      this.options.onSuccess({ lastResponse: { getBody: () => JSON.stringify(body) } });
    }
  },
}));

const profile = ownCoachProfile('Lib Coach', 'Tennis serve');
const availability: OwnAvailability = {
  paused: false,
  returnOn: null,
  note: null,
  openQuestionCap: null,
  openQuestions: 0,
  availability: { state: 'open', returnOn: null, note: null },
};
const clip = (id: string, name: string): ReferenceClip => ({
  id,
  attachmentId: `upload-${id}`,
  name,
  url: `/api/attachments/${id}/file?e=1&s=x`,
  thumbnailUrl: null,
  sizeBytes: 3 * 1024 * 1024,
  frameRate: 60,
  durationMs: 192_000,
  createdAt: '2026-11-29T09:00:00.000Z',
});

/** Manage Coach Profile with a library the fake server keeps, changed by its requests. */
function renderLibrary(clips: ReferenceClip[], post?: FakeApi[string]) {
  const held = [...clips];
  const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, string>;
  const api: FakeApi = {
    [profileApiPaths.ownCoachProfile]: profile,
    [profileApiPaths.ownAvailability]: availability,
    [videoReviewApiPaths.referenceClips]:
      post ??
      ((init: RequestInit) => {
        if (init.method !== 'POST') return json(200, { clips: held });
        const added = {
          ...clip('c-new', body(init).name!),
          attachmentId: body(init).attachmentId!,
        };
        held.unshift(added);
        return json(201, added);
      }),
  };
  for (const c of clips) {
    api[videoReviewApiPaths.referenceClip(c.id)] = (init: RequestInit) => {
      const at = held.findIndex((h) => h.id === c.id);
      if (init.method === 'DELETE') held.splice(at, 1);
      else held[at] = { ...held[at]!, name: body(init).name! };
      return init.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, held[at]);
    };
  }
  return renderApp('/manage-expert-profile', { account: signedInCoach('Lib Coach'), api });
}

const chooseVideo = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.upload(
    await screen.findByLabelText(ATTACHMENT_MESSAGES.label),
    new File([new Uint8Array(2048)], name, { type: 'video/mp4' }),
  );

describe('the reference library card', () => {
  it('says what the library is for while empty, then adds a chosen video under the name given', async () => {
    const app = renderLibrary([]);
    const card = await screen.findByRole('region', { name: REVIEW_MESSAGES.referenceLibrary });
    expect(
      within(card).getByRole('heading', { name: REVIEW_MESSAGES.referenceLibrary }),
    ).toBeTruthy();
    expect(await screen.findByText(LABELS.empty)).toBeTruthy();

    const user = userEvent.setup();
    await chooseVideo(user, 'Model serve.mp4');
    const name = await screen.findByLabelText<HTMLInputElement>(LABELS.clipName);
    expect(name.value).toBe('Model serve');
    await user.clear(name);
    await user.type(name, 'Kick serve, side view');
    await user.click(screen.getByRole('button', { name: LABELS.add }));

    const list = await screen.findByRole('list', { name: LABELS.clips });
    expect(within(list).getByText('Kick serve, side view')).toBeTruthy();
    expect(within(list).getByText('3:12 · 3.0 MB')).toBeTruthy();
    expect(screen.queryByText(LABELS.empty)).toBeNull();
    // The added file leaves the picker, and the form with it.
    expect(screen.queryByLabelText(LABELS.clipName)).toBeNull();
    const post = app.requests().find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      attachmentId: 'upload-Model serve.mp4',
      name: 'Kick serve, side view',
    });
  });

  it('shows the server’s refusal in its words, with the button disabled while the request is out', async () => {
    let refuse: (response: Response) => void = () => {};
    renderLibrary([], (init: RequestInit) =>
      init.method === 'POST'
        ? new Promise<Response>((resolve) => (refuse = resolve))
        : json(200, { clips: [] }),
    );
    const user = userEvent.setup();
    await chooseVideo(user, 'drill.mp4');
    const add = await screen.findByRole('button', { name: LABELS.add });
    await user.click(add);
    await waitFor(() => expect(add).toHaveProperty('disabled', true));
    expect(screen.getByLabelText<HTMLInputElement>(LABELS.clipName).disabled).toBe(true);

    refuse(
      json(409, { statusCode: 409, error: 'Conflict', message: REVIEW_MESSAGES.referenceLimit }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.referenceLimit);
    expect(add).toHaveProperty('disabled', false);
  });

  it('renames a clip in place, and deletes one after asking', async () => {
    const app = renderLibrary([clip('c-1', 'Old serve'), clip('c-2', 'Footwork drill')]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: LABELS.renameClip('Old serve') }));
    const field = screen.getByLabelText<HTMLInputElement>(LABELS.clipName);
    expect(field.value).toBe('Old serve');
    await user.clear(field);
    await user.type(field, 'Flat serve');
    await user.click(screen.getByRole('button', { name: LABELS.save }));
    expect(await screen.findByText('Flat serve')).toBeTruthy();
    expect(app.requests().find((r) => r.method === 'PATCH')).toMatchObject({
      path: videoReviewApiPaths.referenceClip('c-1'),
      body: { name: 'Flat serve' },
    });

    await user.click(screen.getByRole('button', { name: LABELS.deleteClip('Footwork drill') }));
    const dialog = await screen.findByRole('dialog', { name: LABELS.deleteTitle });
    expect(within(dialog).getByText(LABELS.deleteBody('Footwork drill'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: LABELS.confirmDelete }));
    await waitFor(() => expect(screen.queryByText('Footwork drill')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.requests().find((r) => r.method === 'DELETE')?.path).toBe(
      videoReviewApiPaths.referenceClip('c-2'),
    );
    expect(screen.getByText(LABELS.count(1))).toBeTruthy();
  });
});
