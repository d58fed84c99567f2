import { ATTACHMENT_MESSAGES } from '../../../contracts/attachments';
import {
  REFERENCE_CLIPS_MAX,
  REVIEW_MESSAGES,
  type ReferenceClip,
} from '../../../contracts/video-review';
import type { ServiceDeps } from '../../context';
import { transaction } from '../../db/unit-of-work';
import { AppError, badRequest, notFound } from '../../errors';
import { deleteStoredFiles, removeAttachment, withLinks } from '../attachments';
import {
  candidateUpload,
  countClips,
  deleteClip,
  insertClip,
  lockLibrary,
  ownClip,
  ownClips,
  renameClip,
  shownToAPlayer,
} from './data';

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'attachmentFiles' | 'config' | 'logger'>;
type ClipRow = Awaited<ReturnType<typeof ownClips>>[number];

const missing = () => notFound(REVIEW_MESSAGES.clipNotFound);

/** A clip as its Coach reads it, with fresh signed links to the video and its thumbnail. */
async function present(deps: Deps, { clip, file }: ClipRow): Promise<ReferenceClip> {
  const links = await withLinks(deps, file);
  return {
    id: clip.id,
    attachmentId: file.id,
    name: clip.name,
    url: links.url,
    thumbnailUrl: links.thumbnailUrl,
    sizeBytes: file.sizeBytes,
    frameRate: file.videoFrameRate,
    durationMs: file.videoDurationMs,
    createdAt: clip.createdAt.toISOString(),
  };
}

/** The Coach's library, newest first. */
export async function listClips(deps: Deps, ownerId: string): Promise<ReferenceClip[]> {
  const rows = await ownClips(deps.db, ownerId);
  return Promise.all(rows.map((row) => present(deps, row)));
}

/**
 * Keeps one of the Coach's finished video uploads, not sent with anything, in their library under
 * a name. The checks and the insert run under the library's lock, so the limit holds for requests
 * at once; anything refused keeps nothing.
 */
export async function addClip(
  deps: Deps,
  ownerId: string,
  input: { attachmentId: string; name: string },
): Promise<ReferenceClip> {
  const clipId = await transaction(deps, async (tx) => {
    await lockLibrary(tx, ownerId);
    const upload = await candidateUpload(tx, input.attachmentId);
    // Someone else's upload reads as unusable, whatever it is: its kind is not theirs to learn.
    if (!upload || upload.uploaderId !== ownerId) throw badRequest(ATTACHMENT_MESSAGES.notUsable);
    if (upload.kind !== 'video') throw badRequest(REVIEW_MESSAGES.notAVideo);
    // Sent with a question, removed, already kept, or a review's own recording.
    if (upload.questionId || upload.removedAt || upload.inLibrary || upload.inReview) {
      throw badRequest(ATTACHMENT_MESSAGES.notUsable);
    }
    if ((await countClips(tx, ownerId)) >= REFERENCE_CLIPS_MAX) {
      throw new AppError(409, REVIEW_MESSAGES.referenceLimit);
    }
    const id = await insertClip(tx, { ownerId, ...input });
    if (!id) throw badRequest(ATTACHMENT_MESSAGES.notUsable);
    return id;
  });
  const added = await ownClip(deps.db, ownerId, clipId);
  if (!added) throw missing();
  return present(deps, added);
}

export async function renameOwnClip(
  deps: Deps,
  ownerId: string,
  clipId: string,
  name: string,
): Promise<ReferenceClip> {
  if (!(await renameClip(deps.db, ownerId, clipId, name))) throw missing();
  const renamed = await ownClip(deps.db, ownerId, clipId);
  if (!renamed) throw missing();
  return present(deps, renamed);
}

/**
 * Takes a clip out of the library. Its file goes too (marked removed in the same transaction,
 * deleted after the commit, as an account's are), unless a Player may play it (a sent review
 * compares with it, or it was sent with an answer): they keep it, so only the library row goes.
 */
export async function deleteOwnClip(deps: Deps, ownerId: string, clipId: string) {
  const keys = await transaction(deps, async (tx) => {
    const attachmentId = await deleteClip(tx, ownerId, clipId);
    if (!attachmentId) throw missing();
    if (await shownToAPlayer(tx, attachmentId)) return [];
    return removeAttachment(tx, attachmentId, new Date());
  });
  await deleteStoredFiles(deps.attachmentFiles, keys, deps.logger);
}
