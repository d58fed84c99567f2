import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver ships no types: the few members used here are declared in s3rver-module.d.ts beside this file.
import S3rver from 's3rver';

export interface S3rverBucket {
  /** Base URL for the SDK's `endpoint`; use it with `forcePathStyle: true`. */
  endpoint: string;
  bucket: string;
  /** s3rver's credentials (it checks signatures and presigned links' expiry against them). */
  accessKeyId: string;
  secretAccessKey: string;
  /** The app's configuration for this bucket: STORAGE_DRIVER=s3 and the S3_* settings. */
  appEnv: Record<string, string>;
  /** The same as the SDK client settings of `s3ClientConfig`. */
  clientSettings: {
    region: string;
    endpoint: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  close(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';
const SECRET = 'S3RVER';
/** RFC 3986 encoding, as SigV4 canonicalises query parameters. */
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * True when a presigned (SigV4 query) request carries the signature S3 would compute for it.
 * s3rver checks a presigned link's expiry but not its V4 signature ("unimplemented"), so a
 * tampered link would pass; this is the check S3 makes.
 */
function presignedSignatureValid(ctx: S3rver.Context): boolean {
  const [rawPath = '', rawQuery = ''] = ctx.url.split('?');
  const params = new URLSearchParams(rawQuery);
  const given = params.get('X-Amz-Signature') ?? '';
  const date = params.get('X-Amz-Date') ?? '';
  const [, day = '', region = '', service = ''] = (params.get('X-Amz-Credential') ?? '').split('/');
  const signedHeaders = params.get('X-Amz-SignedHeaders') ?? '';
  params.delete('X-Amz-Signature');
  const query = [...params]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(ctx.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonical = [ctx.method, rawPath, query, headers, signedHeaders, 'UNSIGNED-PAYLOAD'].join(
    '\n',
  );
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    date,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const key = [day, region, service, 'aws4_request'].reduce<Buffer>(
    (k, part) => createHmac('sha256', k).update(part).digest(),
    Buffer.from(`AWS4${SECRET}`),
  );
  const expected = createHmac('sha256', key).update(toSign).digest();
  const provided = Buffer.from(given, 'hex');
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}

/**
 * s3rver 3.7 stores multipart uploads (create, upload part, complete) but cannot list them, list
 * their parts or abort one, all of which `@tus/s3-store` uses to resume and to sweep. This answers
 * those three from s3rver's own upload folders (`<bucket>/._S3rver_uploads/<uploadId>/{key,N}`),
 * ahead of its router, and checks presigned links' signatures, which s3rver does not. The three
 * answers skip s3rver's own signature check: tests only.
 */
function multipartListing(server: S3rver, bucket: string) {
  const uploadsDir = server.store.getResourcePath(bucket, undefined, 'uploads');
  const uploads = async () => {
    const ids = await readdir(uploadsDir).catch(() => [] as string[]);
    return Promise.all(
      ids.map(async (id) => {
        const keyFile = path.join(uploadsDir, id, 'key');
        return { id, key: await readFile(keyFile, 'utf8'), initiated: (await stat(keyFile)).mtime };
      }),
    );
  };
  const noSuchUpload = (ctx: S3rver.Context) => {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = xml('<Error><Code>NoSuchUpload</Code><Message>No such upload.</Message></Error>');
  };
  return async (ctx: S3rver.Context, next: () => Promise<void>) => {
    const [, inBucket, ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (inBucket !== bucket) return next();
    if ('X-Amz-Signature' in ctx.query && !presignedSignatureValid(ctx)) {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body = xml(
        '<Error><Code>SignatureDoesNotMatch</Code><Message>Bad signature.</Message></Error>',
      );
      return;
    }
    if (ctx.method === 'GET' && key === '' && 'uploads' in ctx.query) {
      const listed = (await uploads())
        .map(
          (u) =>
            `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${u.id}</UploadId>` +
            `<Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
        )
        .join('');
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${listed}</ListMultipartUploadsResult>`,
      );
      return;
    }
    if (!uploadId || key === '' || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const dir = path.join(uploadsDir, uploadId);
    const known = (await uploads()).some((u) => u.id === uploadId && u.key === key);
    if (ctx.method === 'GET') {
      if (!known) return noSuchUpload(ctx);
      const numbers = (await readdir(dir)).filter((f) => /^\d+$/.test(f)).map(Number);
      const parts = await Promise.all(
        numbers
          .sort((a, b) => a - b)
          .map(async (n) => {
            const [info, md5] = await Promise.all([
              stat(path.join(dir, String(n))),
              readFile(path.join(dir, `${n}.md5`), 'utf8'),
            ]);
            return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
          }),
      );
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
      );
      return;
    }
    if (ctx.method === 'DELETE') {
      if (!known) return noSuchUpload(ctx);
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    return next();
  };
}

/** A real S3 protocol server (s3rver) with one bucket, in a temporary folder, on a free port. */
export async function startS3rver(bucket = 'test-bucket'): Promise<S3rverBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // Ahead of s3rver's router, which is the last of its middleware.
  server.middleware.splice(server.middleware.length - 1, 0, multipartListing(server, bucket));
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET,
    appEnv: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_PUBLIC_URL: `${endpoint}/${bucket}`,
      S3_FORCE_PATH_STYLE: 'true',
    },
    clientSettings: {
      region: 'us-east-1',
      endpoint,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
      forcePathStyle: true,
    },
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
