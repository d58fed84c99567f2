import { open, stat } from 'node:fs/promises';
import {
  ALL_FORMATS,
  Conversion,
  CustomSource,
  EncodedPacketSink,
  FilePathSource,
  Input,
  MATROSKA,
  MovOutputFormat,
  MP4,
  Mp4OutputFormat,
  Output,
  QTFF,
  StreamTarget,
  WEBM,
  WebMOutputFormat,
  type StreamTargetChunk,
} from 'mediabunny';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';
import { ATTACHMENT_MESSAGES } from '../../../contracts/attachments';
import type { StagedUpload } from '../../adapters/storage/private-files';
import { AppError } from '../../errors';
import type { Inspected } from './inspect';

/**
 * How a video is read and written while it is cleaned (ADR 083): the reader keeps at most this much
 * of the upload cached, the writer at most two chunks of this size, whatever the video's size.
 */
const VIDEO_READ_CACHE_BYTES = 8 * 1024 * 1024;
const VIDEO_WRITE_CHUNK_BYTES = 4 * 1024 * 1024;

/** Each accepted video type is read as its own family of containers and written as itself. */
const VIDEO_CONTAINERS = {
  'video/mp4': { formats: [MP4, QTFF], output: () => new Mp4OutputFormat({ fastStart: false }) },
  'video/quicktime': {
    formats: [QTFF, MP4],
    output: () => new MovOutputFormat({ fastStart: false }),
  },
  'video/webm': { formats: [WEBM, MATROSKA], output: () => new WebMOutputFormat() },
} as const;

const isVideoType = (type: string): type is keyof typeof VIDEO_CONTAINERS =>
  type in VIDEO_CONTAINERS;

/**
 * Storage failures are ours, not the file's: they are remembered where they happen and rethrown
 * as they are (a 500, "try again"), never turned into "this video cannot be read".
 */
function storageErrors() {
  let first: unknown = null;
  return {
    guard<T>(work: Promise<T>): Promise<T> {
      return work.catch((error: unknown) => {
        first ??= error;
        throw error;
      });
    },
    get first() {
      return first;
    },
  };
}

/**
 * Writes a copy of an uploaded video to `staged.cleanedPath` with none of its descriptive
 * metadata (ADR 083): mediabunny remuxes it into a new container of the same type, copying the
 * audio and video packets as they are and writing no tags, so the `udta`/`meta` atoms (`©xyz`,
 * Apple's `com.apple.quicktime.location.ISO6709`, make, model, dates), Matroska Tags and
 * attachments, chapters and timed-metadata tracks stay behind. The rotation is kept, so the video
 * stays upright. The upload is read in ranges and the copy written in chunks: memory stays flat
 * whatever the size. A video that cannot be read, or whose sound or picture could not be carried
 * over as it is, is refused rather than delivered uncleaned or incomplete. Returns its size.
 */
export async function cleanVideo(staged: StagedUpload, inspected: Inspected): Promise<number> {
  if (!isVideoType(inspected.contentType)) throw refuseVideo();
  const container = VIDEO_CONTAINERS[inspected.contentType];
  const storage = storageErrors();
  const input = new Input({
    formats: [...container.formats],
    source: new CustomSource({
      getSize: () => inspected.size,
      read: (start, end) => storage.guard(staged.read(start, end - start)),
      // Few, large reads: each is a ranged GET when the upload waits in a bucket.
      prefetchProfile: 'network',
      maxCacheSize: VIDEO_READ_CACHE_BYTES,
    }),
  });
  const file = await open(staged.cleanedPath, 'w');
  const output = new Output({
    // No fast start: putting the index first would hold the whole video in memory. Browsers read
    // an index at the end with one Range request, which both storage drivers answer.
    format: container.output(),
    target: new StreamTarget(
      new WritableStream<StreamTargetChunk>({
        write: (chunk) =>
          storage
            .guard(file.write(chunk.data, 0, chunk.data.byteLength, chunk.position))
            .then(() => undefined),
      }),
      { chunked: true, chunkSize: VIDEO_WRITE_CHUNK_BYTES },
    ),
  });
  try {
    const conversion = await Conversion.init({
      input,
      output,
      // Written instead of the input's tags, which a conversion copies by default.
      tags: {},
      // Packets are copied, never re-encoded (Node has no encoder): a track that cannot be copied
      // is discarded, and a discarded picture or sound refuses the file below.
      copy: { mode: 'forced', shiftTolerance: Infinity },
      showWarnings: false,
    });
    const lost = conversion.discardedTracks.some(
      ({ track }) => track.type === 'video' || track.type === 'audio',
    );
    if (!conversion.isValid || lost) throw refuseVideo();
    await conversion.execute();
    // A conversion can also end without error yet without a track's packets (one whose key
    // frames it could not find, say): the copy is read back, and anything missing refuses it.
    if (!(await carriesEveryTrack(staged.cleanedPath, conversion.utilizedTracks.length))) {
      throw refuseVideo();
    }
  } catch (error) {
    if (storage.first) throw storage.first;
    if (error instanceof AppError) throw error;
    throw refuseVideo();
  } finally {
    if (output.state !== 'finalized' && output.state !== 'canceled') {
      await output.cancel().catch(() => undefined);
    }
    input.dispose();
    await file.close();
  }
  return (await stat(staged.cleanedPath)).size;
}

/** Whether the cleaned copy has `tracks` tracks, each with a first packet. */
async function carriesEveryTrack(file: string, tracks: number) {
  const written = new Input({ source: new FilePathSource(file), formats: ALL_FORMATS });
  try {
    const found = await written.getTracks();
    if (found.length !== tracks) return false;
    for (const track of found) {
      if (!(await new EncodedPacketSink(track).getFirstPacket({ metadataOnly: true })))
        return false;
    }
    return true;
  } finally {
    written.dispose();
  }
}

const refuseVideo = () => new AppError(415, ATTACHMENT_MESSAGES.videoUnreadable);

/** Dictionary entries that carry who made a document, with what, when and where. */
const PERSONAL_ENTRIES = ['Metadata', 'PieceInfo'].map((name) => PDFName.of(name));

/**
 * A PDF without its descriptive metadata (ADR 083), as pdf-lib re-saves it: no document
 * information dictionary (Author, Title, Subject, Keywords, Creator, Producer, dates), no XMP
 * `/Metadata` stream on the catalog or on any page, image or font, no application `/PieceInfo`,
 * no file identifier, and no object that nothing in the document refers to any more (an earlier
 * revision's metadata, say). The pages and what they show are kept. An encrypted PDF is refused:
 * its metadata cannot be read to be removed. A PDF is at most ATTACHMENT_PDF_MAX_BYTES, so it is
 * cleaned in memory.
 */
export async function cleanPdf(bytes: Uint8Array): Promise<Buffer> {
  // Loaded even when encrypted, to be refused by name below (pdf-lib's own error class does not
  // survive its ES5 build: `instanceof` cannot tell it apart).
  const document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true })
    .then((loaded) => (loaded.isEncrypted || loaded.getPageCount() > 0 ? loaded : null))
    .catch(() => null);
  if (!document) throw new AppError(415, ATTACHMENT_MESSAGES.unreadable);
  if (document.isEncrypted) throw new AppError(415, ATTACHMENT_MESSAGES.pdfProtected);
  const context = document.context;
  context.trailerInfo.Info = undefined;
  context.trailerInfo.ID = undefined;
  for (const [, object] of context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) for (const name of PERSONAL_ENTRIES) dict.delete(name);
  }
  dropUnreferenced(context);
  const saved = await document.save({ addDefaultPage: false, updateFieldAppearances: false });
  return Buffer.from(saved.buffer, saved.byteOffset, saved.byteLength);
}

/** pdf-lib writes every object it parsed; those the document no longer reaches are deleted first. */
function dropUnreferenced(context: PDFContext) {
  const reached = new Set<PDFRef>();
  const pending: PDFObject[] = context.trailerInfo.Root ? [context.trailerInfo.Root] : [];
  for (let object = pending.pop(); object; object = pending.pop()) {
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) pending.push(value);
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) context.delete(ref);
  }
}
