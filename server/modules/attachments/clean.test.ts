import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '../../../contracts/attachments';
import { createDiskPrivateFiles, type PrivateFiles } from '../../adapters/storage/private-files';
import { fixture, largeVideo } from '../../test/uploads';
import { cleanPdf, cleanVideo } from './clean';
import { inspectUpload } from './inspect';

/** The place the fixtures were "filmed" at, as each container spells it. */
const COORDINATES = ['48.8584', '+002.2945', '48,51.504N'];
const PERSON = 'Pat Player';

const describeMedia = async (bytes: Uint8Array) => {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const video = await input.getPrimaryVideoTrack();
    return {
      tags: await input.getMetadataTags(),
      tracks: (await input.getTracks()).map((track) => track.type),
      duration: await input.computeDuration(),
      width: video?.displayWidth,
    };
  } finally {
    input.dispose();
  }
};

const leaks = (bytes: Uint8Array) => {
  const text = Buffer.from(bytes).toString('latin1');
  return [...COORDINATES, PERSON].filter((needle) => text.includes(needle));
};

describe('cleaning videos and PDFs of their metadata (ADR 083)', () => {
  let dir: string;
  let files: PrivateFiles;
  /** Stages `bytes` as tus would leave a finished upload, and returns it inspected. */
  const staged = async (bytes: Buffer) => {
    const id = randomUUID();
    await writeFile(path.join(dir, 'uploads', id), bytes);
    const upload = files.staged(id);
    return { upload, inspected: await inspectUpload(upload, 250) };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'clean-test-'));
    await mkdir(path.join(dir, 'uploads'));
    files = createDiskPrivateFiles(path.join(dir, 'attachments'), path.join(dir, 'uploads'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(['location.mp4', 'location.mov', 'location.webm'])(
    'remuxes %s without its location, names and dates, keeping its picture and sound',
    async (name) => {
      const original = await readFile(fixture(name));
      // The fixture does carry what must go: the parser sees it, and so does a byte search.
      const before = await describeMedia(original);
      expect(Object.keys(before.tags.raw ?? {}).length).toBeGreaterThan(0);
      expect(leaks(original).length).toBeGreaterThan(0);

      const { upload, inspected } = await staged(original);
      const size = await cleanVideo(upload, inspected);
      const cleaned = await readFile(upload.cleanedPath);
      expect(cleaned.length).toBe(size);

      const after = await describeMedia(cleaned);
      expect(after.tags).toEqual({});
      expect(leaks(cleaned)).toEqual([]);
      expect(after.tracks).toEqual(before.tracks);
      expect(after.tracks).toEqual(expect.arrayContaining(['video', 'audio']));
      expect(after.duration).toBeCloseTo(before.duration, 1);
      expect(after.width).toBe(96);
      // Still the type it was uploaded as, so it is served as that.
      await writeFile(path.join(dir, 'uploads', 'again'), cleaned);
      const again = await inspectUpload(files.staged('again'), 250);
      expect(again.contentType).toBe(inspected.contentType);
      await upload.discard();
    },
  );

  it('refuses a video it cannot read or carry over whole, writing nothing it would keep', async () => {
    // A real MP4's first 40 bytes (its signature), then nothing a parser could use.
    const head = (await readFile(fixture('location.mp4'))).subarray(0, 40);
    const broken = await staged(Buffer.concat([head, Buffer.alloc(4000, 7)]));
    await expect(cleanVideo(broken.upload, broken.inspected)).rejects.toMatchObject({
      statusCode: 415,
      message: ATTACHMENT_MESSAGES.videoUnreadable,
    });
    // MPEG-4 Part 2 picture: readable, but not a codec mediabunny copies.
    const unsupported = await staged(await readFile(fixture('unsupported.mp4')));
    await expect(cleanVideo(unsupported.upload, unsupported.inspected)).rejects.toMatchObject({
      statusCode: 415,
      message: ATTACHMENT_MESSAGES.videoUnreadable,
    });
    // Packets whose NAL header is no key frame: the conversion ends without error and without
    // them, and the copy read back shows it.
    const { bytes } = await largeVideo(1024 * 1024);
    const idr = Buffer.from([0x65, 0x88, 0x80, 0x00]);
    for (let at = bytes.indexOf(idr); at >= 0; at = bytes.indexOf(idr, at + 1)) bytes[at] = 0x41;
    const keyless = await staged(bytes);
    await expect(cleanVideo(keyless.upload, keyless.inspected)).rejects.toMatchObject({
      statusCode: 415,
      message: ATTACHMENT_MESSAGES.videoUnreadable,
    });
    await keyless.upload.discard();
    await unsupported.upload.discard();
    await broken.upload.discard();
    expect(await readdir(path.join(dir, 'uploads'))).not.toContain(
      path.basename(unsupported.upload.cleanedPath),
    );
  });

  it('re-saves a PDF without its information dictionary and XMP, keeping its pages', async () => {
    const original = await readFile(fixture('location.pdf'));
    const before = await PDFDocument.load(original, { updateMetadata: false });
    expect(before.getAuthor()).toBe(PERSON);
    expect(before.catalog.get(PDFName.of('Metadata'))).toBeDefined();
    expect(leaks(original).length).toBeGreaterThan(0);

    const cleaned = await cleanPdf(original);
    expect(leaks(cleaned)).toEqual([]);
    expect(cleaned.toString('latin1')).not.toMatch(/\/Author|\/Creator|\/Metadata|\/Info/);
    const after = await PDFDocument.load(cleaned, { updateMetadata: false });
    expect(after.getAuthor()).toBeUndefined();
    expect(after.getTitle()).toBeUndefined();
    expect(after.getCreationDate()).toBeUndefined();
    expect(after.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
    expect(after.getPageCount()).toBe(1);
    expect(after.getPage(0).getSize()).toEqual({ width: 300, height: 200 });
  });

  it('refuses a password-protected PDF and one that is not a PDF inside', async () => {
    const locked = await PDFDocument.load(await readFile(fixture('location.pdf')));
    locked.context.trailerInfo.Encrypt = locked.context.obj({ Filter: 'Standard', V: 2, R: 3 });
    await expect(cleanPdf(await locked.save())).rejects.toMatchObject({
      statusCode: 415,
      message: ATTACHMENT_MESSAGES.pdfProtected,
    });
    await expect(cleanPdf(Buffer.from('%PDF-1.4\nnot really\n%%EOF\n'))).rejects.toMatchObject({
      statusCode: 415,
      message: ATTACHMENT_MESSAGES.unreadable,
    });
  });
});
