import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  ATTACHMENT_IMAGE_MAX_BYTES,
  ATTACHMENT_IMAGE_MAX_PIXELS,
  ATTACHMENT_PDF_MAX_BYTES,
} from '../../../contracts/limits';
import { ATTACHMENT_MESSAGES, type AttachmentKind } from '../../../contracts/attachments';
import type { StagedUpload } from '../../adapters/storage/private-files';
import { AppError } from '../../errors';

const MB = 1024 * 1024;

/** What the bytes say a file is, for the kinds we take; anything else is refused. */
const ACCEPTED: Record<string, { kind: AttachmentKind; extension: string }> = {
  'image/jpeg': { kind: 'image', extension: 'jpg' },
  'image/png': { kind: 'image', extension: 'png' },
  'image/webp': { kind: 'image', extension: 'webp' },
  'image/heic': { kind: 'image', extension: 'heic' },
  'image/heif': { kind: 'image', extension: 'heic' },
  'video/mp4': { kind: 'video', extension: 'mp4' },
  'video/quicktime': { kind: 'video', extension: 'mov' },
  'video/webm': { kind: 'video', extension: 'webm' },
  'application/pdf': { kind: 'pdf', extension: 'pdf' },
};

/** How much of each end of a file is searched for a second, active kind of content. */
const POLYGLOT_WINDOW = 64 * 1024;
/**
 * Markup or script that a browser or an interpreter would run if it ever took the file for
 * something else: a JPEG that is also an HTML page, a PDF carrying a page, a PHP script.
 */
const ACTIVE_CONTENT = /<(?:script|html|!doctype html|svg|iframe|\?php)\b/i;

export interface Inspected {
  kind: AttachmentKind;
  /** The type the bytes prove, which is what the file is served as. */
  contentType: string;
  extension: string;
  size: number;
}

const refuse = (status: number, message: string) => new AppError(status, message);

/**
 * Decides what an uploaded file is from its bytes alone (never its name or the browser's claim)
 * and refuses what we do not take: an unknown or disguised type, an empty or oversize file, and
 * a polyglot (a file of an accepted type that also carries markup or script). Only the first and
 * last POLYGLOT_WINDOW bytes are read, wherever the upload is staged (a file or a bucket object):
 * every accepted type's signature is at its start.
 */
export async function inspectUpload(staged: StagedUpload, videoMaxMb: number): Promise<Inspected> {
  const size = await staged.size();
  if (size === 0) throw refuse(400, ATTACHMENT_MESSAGES.empty);
  const window = Math.min(size, POLYGLOT_WINDOW);
  const head = await staged.read(0, window);
  const detected = await fileTypeFromBuffer(head);
  const accepted = detected ? ACCEPTED[detected.mime] : undefined;
  if (!detected || !accepted) throw refuse(415, ATTACHMENT_MESSAGES.wrongType);
  const ceiling =
    accepted.kind === 'video'
      ? { bytes: videoMaxMb * MB, what: 'Videos' }
      : accepted.kind === 'pdf'
        ? { bytes: ATTACHMENT_PDF_MAX_BYTES, what: 'PDFs' }
        : { bytes: ATTACHMENT_IMAGE_MAX_BYTES, what: 'Photos' };
  if (size > ceiling.bytes) {
    throw refuse(413, ATTACHMENT_MESSAGES.tooLarge(ceiling.what, Math.round(ceiling.bytes / MB)));
  }
  const tail = size > window ? await staged.read(size - window, window) : head;
  if (ACTIVE_CONTENT.test(head.toString('latin1') + tail.toString('latin1'))) {
    throw refuse(415, ATTACHMENT_MESSAGES.polyglot);
  }
  return { kind: accepted.kind, contentType: detected.mime, extension: accepted.extension, size };
}

/** The longest side of a stored photo, and of its thumbnail. */
const IMAGE_MAX_SIDE = 4096;
const THUMBNAIL_SIDE = 320;

export interface ProcessedImage {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'jpg' | 'png' | 'webp';
  thumbnail: Buffer;
}

/**
 * Re-encodes a photo from its pixels: sharp writes no metadata unless asked, so EXIF (GPS
 * included), XMP, IPTC and comments are gone, and so is anything appended to the file. The
 * orientation is applied first so the picture stays upright. A HEIC photo becomes a JPEG if this
 * build of libvips can decode it; otherwise the Player is told to send a JPEG. `limitInputPixels`
 * stops a decompression bomb before it is decoded.
 */
export async function processImage(bytes: Buffer, inspected: Inspected): Promise<ProcessedImage> {
  const heic = inspected.extension === 'heic';
  const input = () =>
    sharp(bytes, { limitInputPixels: ATTACHMENT_IMAGE_MAX_PIXELS, failOn: 'error' });
  // The header alone, read without the pixel limit so that a bomb is named as one.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refuse(415, heic ? ATTACHMENT_MESSAGES.heic : ATTACHMENT_MESSAGES.unreadable);
    });
  const { width, height } = header;
  if (width * height > ATTACHMENT_IMAGE_MAX_PIXELS) {
    throw refuse(413, ATTACHMENT_MESSAGES.tooManyPixels);
  }
  const out =
    heic || inspected.extension === 'jpg'
      ? ({ contentType: 'image/jpeg', extension: 'jpg' } as const)
      : inspected.extension === 'png'
        ? ({ contentType: 'image/png', extension: 'png' } as const)
        : ({ contentType: 'image/webp', extension: 'webp' } as const);
  try {
    const upright = input().rotate();
    const resized = upright.clone().resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      out.extension === 'jpg'
        ? resized.jpeg({ quality: 85, mozjpeg: true })
        : out.extension === 'png'
          ? resized.png()
          : resized.webp({ quality: 85 });
    const [body, thumbnail] = await Promise.all([
      encoded.toBuffer(),
      upright
        .clone()
        .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer(),
    ]);
    return { body, thumbnail, ...out };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(415, heic ? ATTACHMENT_MESSAGES.heic : ATTACHMENT_MESSAGES.unreadable);
  }
}
