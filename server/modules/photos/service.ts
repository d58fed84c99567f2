import type { ServiceDeps } from '../../context';
import { transaction } from '../../db/unit-of-work';
import type { SessionUser } from '../auth';
import { setCoachPhoto } from '../coaches/data';
import { setRolePhotos } from '../profiles/data';
import { photoKey, processPhoto, removePhotos } from './photo';

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'storage'>;

/**
 * One photo per user (spec §7: {userId}/profile.ext), so every profile of the user shows it: the
 * role rows' and the Coach row's, in one unit of work of its own, since it follows a file upload
 * rather than another write.
 */
async function setPhotoUrl(deps: Deps, userId: string, photoUrl: string | null) {
  await transaction(deps, async (tx, changes) => {
    await setRolePhotos(tx, userId, photoUrl);
    await setCoachPhoto(tx, changes, userId, photoUrl);
  });
}

/** A new profile photo: judged and re-encoded, the old file removed first (spec §7). */
export async function replacePhoto(deps: Deps, user: SessionUser, bytes: Buffer) {
  const { storage } = deps;
  const photo = await processPhoto(bytes);
  // The old file goes first (spec §7), whichever format it was.
  await removePhotos(storage, user.id);
  const key = photoKey(user.id, photo.extension);
  await storage.put(key, photo.body, photo.contentType);
  // The key is reused, so a version keeps browsers from showing the cached old photo.
  const photoUrl = `${storage.publicUrl(key)}?v=${Date.now()}`;
  await setPhotoUrl(deps, user.id, photoUrl);
  return { photoUrl };
}

export async function deletePhoto(deps: Deps, user: SessionUser) {
  await removePhotos(deps.storage, user.id);
  await setPhotoUrl(deps, user.id, null);
  return { photoUrl: null };
}
