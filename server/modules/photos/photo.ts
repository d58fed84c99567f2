import sharp from 'sharp';
import type { FileStorage } from '../../adapters/storage/types';
import { UPLOAD_MESSAGES } from '../../../contracts/profiles';
import { AppError } from '../../errors';
import { joined } from '../../../contracts/messages';
import { refuseInsideTransaction } from '../../db/open-transaction';

const MAX_SIDE = 800;

export interface ProcessedPhoto {
  body: Buffer;
  extension: 'png' | 'jpg';
  contentType: 'image/png' | 'image/jpeg';
}

/**
 * Judges the file by its bytes, not its name: only real JPEG or PNG images pass. The image is
 * re-encoded (auto-rotated, at most 800 px a side), which drops its metadata and anything hidden in
 * it.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  refuseInsideTransaction('Re-encoding a profile photo');
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'jpeg' && format !== 'png') {
    throw new AppError(415, joined(UPLOAD_MESSAGES.invalidType));
  }
  const pipeline = sharp(input)
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  if (format === 'png') {
    return { body: await pipeline.png().toBuffer(), extension: 'png', contentType: 'image/png' };
  }
  return {
    body: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
    extension: 'jpg',
    contentType: 'image/jpeg',
  };
}

export const photoKey = (userId: string, extension: 'png' | 'jpg') =>
  `profile-images/${userId}/profile.${extension}`;

/** Removes the user's photo, whichever format it was. */
export const removePhotos = (storage: FileStorage, userId: string) =>
  Promise.all([storage.remove(photoKey(userId, 'png')), storage.remove(photoKey(userId, 'jpg'))]);

/** A stored photo's bytes, found from its public URL (`…/profile.png?v=…`), or null. */
export async function readPhoto(storage: FileStorage, userId: string, photoUrl: string) {
  const extension = /\/profile\.(png|jpg)(?:[?#]|$)/.exec(photoUrl)?.[1] as
    'png' | 'jpg' | undefined;
  return extension ? storage.read(photoKey(userId, extension)) : null;
}
