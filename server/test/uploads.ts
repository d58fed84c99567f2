import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../app';
import { ATTACHMENT_UPLOAD_PATH } from '../../contracts/attachments';

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
  mp4: () => pad(ftyp('mp42')),
  mov: () => pad(ftyp('qt  ')),
  webm: () =>
    pad(
      Buffer.from([
        0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2,
        0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87,
        0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
      ]),
    ),
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
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
