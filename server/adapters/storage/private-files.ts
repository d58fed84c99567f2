import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageOptions } from './s3';

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
 * Where attachments live (ADR 059): private, never under a public prefix. Disk keeps them outside
 * the publicly served `files/` folder and the app serves them through HMAC-signed links; S3 keeps
 * them in the bucket, read through presigned GETs.
 */
export interface PrivateFiles {
  driver: 'disk' | 's3';
  /** Stores a finished local file under `key`, streamed (moved when on the same disk). */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Disk only: the file's path and size for the app's signed route; null when it is gone. */
  local(key: string): Promise<{ path: string; size: number } | null>;
  /** S3 only: a presigned GET; the disk driver's links are the app's own. */
  presign(link: SignedLink): Promise<string>;
}

const checkKey = (key: string) => {
  if (key === '' || key.startsWith('/') || key.split('/').some((s) => s === '..' || s === '.'))
    throw new Error(`Invalid storage key: ${key}`);
  return key;
};

/** RFC 6266 filename parameters: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function createDiskPrivateFiles(rootDir: string): PrivateFiles {
  const root = path.resolve(rootDir);
  const resolve = (key: string) => path.join(root, checkKey(key));
  return {
    driver: 'disk',
    async putFile(key, localPath) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(localPath, target);
      } catch (error) {
        // Another file system (a separate uploads volume): copy, then drop the original.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(localPath, target);
        await rm(localPath, { force: true });
      }
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
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    ...(options.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
  const Bucket = options.bucket;
  return {
    driver: 's3',
    async putFile(key, localPath, contentType) {
      const { size } = await stat(localPath);
      // A stream with its length: the SDK sends it in one PUT without holding it in memory.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: createReadStream(localPath),
          ContentLength: size,
          ContentType: contentType,
          CacheControl: 'private, no-store',
        }),
      );
      await rm(localPath, { force: true });
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'private, no-store',
        }),
      );
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      } catch (error) {
        const missing =
          error instanceof S3ServiceException &&
          (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
        if (!missing) throw error;
      }
    },
    local: () => Promise.resolve(null),
    presign(link) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: checkKey(link.key),
          ResponseContentType: link.contentType,
          ResponseContentDisposition: contentDisposition(link.disposition, link.fileName),
        }),
        { expiresIn: link.expiresInSeconds },
      );
    },
  };
}
