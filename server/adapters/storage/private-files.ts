import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkKey, isMissingKey, s3ClientConfig, type S3StorageOptions } from './s3';

/** How a signed link should present the file. */
export interface SignedLink {
  key: string;
  contentType: string;
  /** `attachment` makes the browser download rather than display. */
  disposition: 'inline' | 'attachment';
  fileName: string;
  expiresInSeconds: number;
}

/**
 * A finished upload where the resumable-upload store left it (ADR 067): a file under
 * DATA_DIR/uploads (disk) or an object named by the upload's id in the bucket (s3). It is read in
 * pieces, never whole; what is kept is a cleaned copy written to a local file (ADR 083).
 */
export interface StagedUpload {
  size(): Promise<number>;
  /** Up to `length` bytes from `start`. */
  read(start: number, length: number): Promise<Buffer>;
  /**
   * Where the cleaned copy of the upload is written: beside it (disk, so keeping it is a rename),
   * or in the system's temporary folder (s3).
   */
  readonly cleanedPath: string;
  /** Stores the file at `cleanedPath` as `key`: disk moves it, S3 uploads it as a stream. */
  keepCleaned(key: string, contentType: string): Promise<void>;
  /** Deletes what the upload store left (the upload and its tus info) and any cleaned copy. */
  discard(): Promise<void>;
}

/**
 * Where attachments live (ADR 059): private, never under a public prefix. Disk keeps them outside
 * the publicly served `files/` folder and the app serves them through HMAC-signed links; S3 keeps
 * them in the bucket, read through presigned GETs.
 */
export interface PrivateFiles {
  driver: 'disk' | 's3';
  /** The finished upload `id` as the upload store left it. */
  staged(id: string): StagedUpload;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Disk only: the file's path and size for the app's signed route; null when it is gone. */
  local(key: string): Promise<{ path: string; size: number } | null>;
  /** S3 only: a presigned GET; the disk driver's links are the app's own. */
  presign(link: SignedLink): Promise<string>;
}

/** What an attachment's stored object says to any cache between the bucket and the browser. */
const PRIVATE_CACHE = 'private, no-store';

/** RFC 6266 filename parameters: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** `rootDir` holds the attachments; `stagingDir` is where tus's file store writes uploads. */
export function createDiskPrivateFiles(rootDir: string, stagingDir: string): PrivateFiles {
  const root = path.resolve(rootDir);
  const resolve = (key: string) => path.join(root, checkKey(key));
  return {
    driver: 'disk',
    staged(id) {
      const source = path.join(path.resolve(stagingDir), checkKey(id));
      const cleanedPath = `${source}.cleaned`;
      return {
        cleanedPath,
        size: async () => (await stat(source)).size,
        async read(start, length) {
          const handle = await open(source, 'r');
          try {
            const buffer = Buffer.alloc(length);
            const { bytesRead } = await handle.read(buffer, 0, length, start);
            return buffer.subarray(0, bytesRead);
          } finally {
            await handle.close();
          }
        },
        async keepCleaned(key) {
          const target = resolve(key);
          await mkdir(path.dirname(target), { recursive: true });
          try {
            await rename(cleanedPath, target);
          } catch (error) {
            // Another file system (a separate uploads volume): copy, then drop the original.
            if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
            await copyFile(cleanedPath, target);
            await rm(cleanedPath, { force: true });
          }
        },
        async discard() {
          await rm(source, { force: true });
          await rm(`${source}.json`, { force: true });
          await rm(cleanedPath, { force: true });
        },
      };
    },
    async put(key, body) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async local(key) {
      const target = resolve(key);
      try {
        const info = await stat(target);
        return info.isFile() ? { path: target, size: info.size } : null;
      } catch {
        return null;
      }
    },
    presign() {
      return Promise.reject(new Error('disk attachments are served through the app'));
    },
  };
}

export function createS3PrivateFiles(options: Omit<S3StorageOptions, 'publicUrl'>): PrivateFiles {
  const client = new S3Client(s3ClientConfig(options));
  const Bucket = options.bucket;
  const deleteObject = async (key: string) => {
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    } catch (error) {
      if (!isMissingKey(error)) throw error;
    }
  };
  return {
    driver: 's3',
    staged(id) {
      const Key = checkKey(id);
      const cleanedPath = path.join(tmpdir(), `playbook-upload-${Key}.cleaned`);
      return {
        cleanedPath,
        async size() {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
          return head.ContentLength ?? 0;
        },
        async read(start, length) {
          if (length === 0) return Buffer.alloc(0);
          const object = await client.send(
            new GetObjectCommand({ Bucket, Key, Range: `bytes=${start}-${start + length - 1}` }),
          );
          return object.Body
            ? Buffer.from(await object.Body.transformToByteArray())
            : Buffer.alloc(0);
        },
        // Streamed from the file, never held in memory. One PutObject takes up to 5 GiB, above
        // ATTACHMENT_MAX_MB's ceiling (5,000 MiB), and a cleaned copy is no larger than its upload
        // but for a few container headers.
        async keepCleaned(key, contentType) {
          const { size } = await stat(cleanedPath);
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: checkKey(key),
              Body: createReadStream(cleanedPath),
              ContentLength: size,
              ContentType: contentType,
              CacheControl: PRIVATE_CACHE,
            }),
          );
          await rm(cleanedPath, { force: true });
        },
        async discard() {
          await deleteObject(Key);
          await deleteObject(`${Key}.info`);
          await rm(cleanedPath, { force: true });
        },
      };
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: PRIVATE_CACHE,
        }),
      );
    },
    remove: deleteObject,
    local: () => Promise.resolve(null),
    // The bucket answers the link itself, Range requests included (a video seeks). S3 sets
    // Content-Type and Content-Disposition from the signed response-* parameters, so a PDF
    // downloads and nothing is sniffed into another type; nosniff and the sandboxing CSP are
    // headers S3 cannot add per request (docs/decisions/067).
    presign(link) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: checkKey(link.key),
          ResponseContentType: link.contentType,
          ResponseContentDisposition: contentDisposition(link.disposition, link.fileName),
          ResponseCacheControl: PRIVATE_CACHE,
        }),
        { expiresIn: link.expiresInSeconds },
      );
    },
  };
}
