import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { IMAGE_CACHE_SECONDS } from '../../../contracts/limits';
import type { FileStorage } from './types';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Set for S3-compatible services (MinIO, R2, ...); omit for AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Base URL the browser uses, e.g. https://cdn.example.com/bucket */
  publicUrl: string;
}

const CACHE_CONTROL = `public, max-age=${IMAGE_CACHE_SECONDS}`;

/** Same rule as disk storage: a key must stay inside the bucket prefix it names. */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (key === '' || key.startsWith('/') || segments.some((s) => s === '..' || s === '.'))
    throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** Errors some S3-compatible services return for deleting a key that is already gone. */
export function isMissingKey(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * The SDK client settings every S3 store here uses (public files, attachments and tus's uploads in
 * progress): many S3-compatible services reject the SDK's default CRC32 checksum headers, so they
 * are sent only when required there; AWS itself still gets them.
 */
export const s3ClientConfig = (options: Omit<S3StorageOptions, 'bucket' | 'publicUrl'>) => ({
  region: options.region,
  endpoint: options.endpoint,
  forcePathStyle: options.forcePathStyle,
  credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  ...(options.endpoint
    ? {
        requestChecksumCalculation: 'WHEN_REQUIRED' as const,
        responseChecksumValidation: 'WHEN_REQUIRED' as const,
      }
    : {}),
});

/** S3's smallest multipart part (all but the last): the part size of resumable uploads (ADR 067). */
export const S3_PART_BYTES = 5 * 1024 * 1024;

/** Files in an S3 bucket (AWS or any S3-compatible service). */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client(s3ClientConfig(options));
  const base = options.publicUrl.replace(/\/+$/, '');

  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: checkKey(key) }));
      } catch (error) {
        if (!isMissingKey(error)) throw error;
      }
    },
    async read(key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: checkKey(key) }),
        );
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    publicUrl: (key) => `${base}/${checkKey(key).split('/').map(encodeURIComponent).join('/')}`,
  };
}
