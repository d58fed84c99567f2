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
import { refuseInsideTransaction } from '../../db/open-transaction';

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

/** How much of a file's start its type is read from: every accepted type's signature is there. */
const HEAD_BYTES = 64 * 1024;

/** What ends a tag's name in HTML: whitespace, '/' or '>'. */
const TAG_NAME_END = String.raw`[\t\n\f\r />]`;
/** An attribute's characters: printable ASCII, but no '<' or '>' (which would end the tag). */
const IN_TAG = String.raw`[\t\n\r\x20-\x3b\x3d\x3f-\x7e]`;
/**
 * Markup or script that a browser or an interpreter would run if it ever took the file for
 * something else: a JPEG that is also an HTML page, a PDF carrying a page, a PHP script. Tags are
 * matched whole (a name and what ends it, an SVG with its attributes up to its '>'), as a parser
 * would see them, so that searching every byte of a large video does not refuse it for a few
 * random bytes that merely begin like one (issue 36): '<svg' followed by any non-letter would be
 * about one 250 MB video in three.
 */
const ACTIVE_CONTENT = new RegExp(
  [
    `<(?:script|html|iframe)${TAG_NAME_END}`,
    '<!doctype html',
    String.raw`<\?php[\t\n\r ]`,
    // An SVG element with attributes (a document's root, an `onload`).
    String.raw`<svg[\t\n\f\r /]${IN_TAG}{0,200}>`,
    // Any tag with an event handler: <img onerror=…>, <body onload=…>, <animate onbegin=…>.
    String.raw`<[a-z][a-z0-9-]{0,30}[\t\n\f\r /]${IN_TAG}{0,200}?\bon[a-z]{2,30}[\t\n\f\r ]{0,5}=`,
  ].join('|'),
  'i',
);
/** Longer than any match, so one that straddles two pieces of the file is still found whole. */
const OVERLAP = 512;
/** The pieces a file is searched in: few reads (ranged GETs on S3), and memory stays flat. */
const PIECE_BYTES = 4 * 1024 * 1024;

/** The staged upload from its first byte to its last, one piece at a time. */
async function* piecesOf(staged: StagedUpload, size: number): AsyncIterable<Buffer> {
  for (let start = 0; start < size; start += PIECE_BYTES) {
    yield await staged.read(start, Math.min(PIECE_BYTES, size - start));
  }
}

/**
 * Whether any of the bytes, read in pieces, holds active content. Each piece is searched with the
 * end of the one before it; memory holds one piece, whatever the file's size.
 */
export async function carriesActiveContent(pieces: AsyncIterable<Buffer>): Promise<boolean> {
  let carried = '';
  for await (const piece of pieces) {
    const text = carried + piece.toString('latin1');
    if (ACTIVE_CONTENT.test(text)) return true;
    carried = text.slice(-OVERLAP);
  }
  return false;
}

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
 * a polyglot (a file of an accepted type that also carries markup or script anywhere in it). The
 * type comes from the first HEAD_BYTES; the search for markup reads every byte, PIECE_BYTES at a
 * time, wherever the upload is staged (a file, or ranged GETs of the bucket object).
 */
export async function inspectUpload(staged: StagedUpload, videoMaxMb: number): Promise<Inspected> {
  refuseInsideTransaction('Inspecting an upload');
  const size = await staged.size();
  if (size === 0) throw refuse(400, ATTACHMENT_MESSAGES.empty);
  const head = await staged.read(0, Math.min(size, HEAD_BYTES));
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
  if (await carriesActiveContent(piecesOf(staged, size))) {
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
  refuseInsideTransaction('Re-encoding an attached image');
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
