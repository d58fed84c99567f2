import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  EncodedPacket,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  Mp4OutputFormat,
  Output,
} from 'mediabunny';
import sharp from 'sharp';
import type { App } from '../app';
import { ATTACHMENT_UPLOAD_PATH } from '../../contracts/attachments';

/** A file under server/test/fixtures (make-media.sh and make-pdf.ts there remake them). */
export const fixture = (name: string) =>
  fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

const pad = (head: Buffer, length = 4000) => Buffer.concat([head, Buffer.alloc(length, 7)]);
const ftyp = (brand: string) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from(`ftyp${brand}`, 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from(`isom${brand}`, 'latin1'),
  ]);

/** Files as a phone would send them: just enough of each format for its signature. */
export const sampleFiles = {
  /** A photo carrying EXIF (a copyright and a GPS position) that must not survive. */
  photo: () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'SECRET-EXIF-OWNER' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer(),
  png: () =>
    sharp({ create: { width: 32, height: 32, channels: 4, background: '#3c3' } })
      .png()
      .toBuffer(),
  /** Real one-second videos, each carrying a location and a name (ADR 083). */
  mp4: () => readFileSync(fixture('location.mp4')),
  mov: () => readFileSync(fixture('location.mov')),
  webm: () => readFileSync(fixture('location.webm')),
  /** A real one-page PDF whose information dictionary and XMP name its author. */
  pdf: () => readFileSync(fixture('location.pdf')),
  /** An iPhone photo's container with nothing this libvips build decodes inside. */
  heic: () => pad(ftyp('heic')),
  /** A text file, and an HTML page renamed to look like a photo. */
  text: () => Buffer.from('just some notes, not a photo'),
  htmlAsJpeg: () => Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
  /** A real JPEG that is also an HTML page (a polyglot). */
  polyglot: async () =>
    Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]),
  /** A tiny PNG whose header claims 30,000 × 30,000 pixels: a decompression bomb. */
  bomb: () => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(30_000, 0);
    header.writeUInt32BE(30_000, 4);
    header.set([8, 0, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(30_001 * 10))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  },
};

const PACKET_BYTES = 256 * 1024;

/**
 * A real MP4 of about `size` bytes for tests that move megabytes: location.mp4's H.264 track
 * description, then a key packet a tenth of a second, each word of each packet its own offset, so
 * a misplaced part shows. The picture does not decode; the container is sound, which is what
 * cleaning (ADR 083) and storage read.
 */
export async function largeVideo(size: number) {
  const fixtureInput = new Input({
    source: new BufferSource(sampleFiles.mp4()),
    formats: ALL_FORMATS,
  });
  const decoderConfig = await (await fixtureInput.getPrimaryVideoTrack())!.getDecoderConfig();
  fixtureInput.dispose();
  const output = new Output({ format: new Mp4OutputFormat(), target: new BufferTarget() });
  const source = new EncodedVideoPacketSource('avc');
  output.addVideoTrack(source);
  await output.start();
  const packets: Buffer[] = [];
  for (let offset = 0; offset < size; offset += PACKET_BYTES) {
    // One length-prefixed NAL unit whose header says IDR slice, as mediabunny checks a key packet.
    const data = Buffer.alloc(PACKET_BYTES);
    for (let i = 8; i < PACKET_BYTES; i += 4) data.writeUInt32BE(offset + i, i);
    data.writeUInt32BE(PACKET_BYTES - 4, 0);
    data.writeUInt32BE(0x65888000, 4);
    packets.push(data);
    const index = packets.length - 1;
    await source.add(
      new EncodedPacket(data, 'key', index / 10, 0.1),
      index === 0 ? { decoderConfig: decoderConfig! } : undefined,
    );
  }
  source.close();
  await output.finalize();
  return { bytes: Buffer.from(output.target.buffer!), packets };
}

/** The data of every packet of a video's first track, in order. */
export async function packetsOf(bytes: Uint8Array) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const sink = new EncodedPacketSink((await input.getPrimaryVideoTrack())!);
  const packets: Buffer[] = [];
  for await (const packet of sink.packets()) packets.push(Buffer.from(packet.data));
  input.dispose();
  return packets;
}

const metadataHeader = (name: string) => `filename ${Buffer.from(name, 'utf8').toString('base64')}`;

/**
 * Uploads `bytes` through the tus endpoint as the signed-in `user`, in one creation and one
 * PATCH (or in `chunks`), the way tus-js-client does; returns the last response.
 */
export async function tusUpload(
  app: App,
  user: { cookie: string } | undefined,
  bytes: Buffer,
  name = 'file.bin',
  options: { chunks?: number } = {},
) {
  const cookie = user ? { cookie: user.cookie } : {};
  const created = await app.inject({
    method: 'POST',
    url: ATTACHMENT_UPLOAD_PATH,
    headers: {
      ...cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': metadataHeader(name),
    },
  });
  if (created.statusCode !== 201) return { created, last: created, location: null };
  const location = created.headers.location as string;
  const chunks = options.chunks ?? 1;
  const size = Math.ceil(bytes.length / chunks);
  let last = created;
  for (let offset = 0; offset < bytes.length; offset += size) {
    last = await app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes.subarray(offset, offset + size),
    });
    if (last.statusCode >= 300) break;
  }
  return { created, last, location };
}

/** The attachment id a finished upload answered with. */
export const uploadedId = (res: { json(): unknown }) => (res.json() as { id: string }).id;
