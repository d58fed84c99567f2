/**
 * The upload phase (issue 23, "Measured"): a 200 MB video sent through the app's resumable uploads
 * (tus, in the browser's chunks) while the server's RSS is sampled every 100 ms, and the same bytes
 * written to the same storage directly, for the speed ratio. Disk: the server's DATA_DIR with fs.
 * S3: an s3rver bucket, through the app and with the SDK's multipart upload in the app's parts.
 * With disk, the same PATCHes also go to an HTTP floor (upload-floor-server.ts): what any server
 * on this machine can take over loopback HTTP, which bounds the ratio whatever the app does.
 * Each way is run ROUNDS times, in turns, after `sync`: a write that starts while the kernel is
 * still flushing the one before is slowed by it, so one run of each would measure their order.
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { ATTACHMENT_UPLOAD_CHUNK_BYTES } from '../../contracts/limits';
import { S3_PART_BYTES, s3ClientConfig } from '../../server/adapters/storage/s3';
import { startS3rver } from '../../server/test/s3rver';
import { largeVideo } from '../../server/test/uploads';
import { BETA_COOKIE_PAIR, signIn } from './http';
import { percentile } from './stats';
import { dataDir, startUploadFloorServer, type Child } from './processes';

const MB = 1024 * 1024;
/** The browser's chunk: one tus PATCH each. */
const CHUNK = ATTACHMENT_UPLOAD_CHUNK_BYTES;
const SAMPLE_MS = 100;
/** Runs of each way; the median is reported. */
const ROUNDS = 3;
/** The upload before the measured ones, so code loaded on first use is not counted as growth. */
const WARM_UP_BYTES = 10 * MB;

export const UPLOAD_TARGETS = { rssGrowthMB: 64, speedRatio: 0.5 };

export interface UploadResult {
  driver: 'disk' | 's3';
  sizeMB: number;
  /** The server's RSS right before the upload, and the most it reached during it. */
  rssBeforeMB: number;
  rssPeakMB: number;
  rssGrowthMB: number;
  uploadMBps: number;
  directMBps: number;
  /** uploadMBps / directMBps. */
  speedRatio: number;
  /** Disk only: the HTTP floor's speed and the upload's share of it. */
  floorMBps?: number;
  floorRatio?: number;
}

/** What the upload phase needs from run.ts: a way to start the app with a given DATA_DIR and env. */
export type StartApp = (options: { dataDir: string; env: NodeJS.ProcessEnv }) => Promise<Child>;

/**
 * A real MP4 of `size` bytes: every upload is remuxed to drop its metadata (ADR 083), so random
 * bytes behind an MP4 signature would be refused.
 */
const videoBytes = async (size: number) => (await largeVideo(size)).bytes;

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One tus upload of `bytes` in the browser's PATCHes; returns the seconds it took, creation included. */
async function tusUpload(baseUrl: string, cookie: string, bytes: Buffer): Promise<number> {
  const headers = {
    cookie: `${BETA_COOKIE_PAIR}; ${cookie}`,
    origin: new URL(baseUrl).origin,
    'tus-resumable': '1.0.0',
  };
  const started = performance.now();
  const created = await send(new URL('/api/uploads', baseUrl), 'POST', {
    ...headers,
    'upload-length': String(bytes.length),
    'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')}`,
  });
  if (created.status !== 201) throw new Error(`upload creation: ${created.status} ${created.body}`);
  const location = new URL(String(created.headers.location), baseUrl);
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    const chunk = bytes.subarray(offset, offset + CHUNK);
    const res = await send(
      location,
      'PATCH',
      {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(chunk.length),
      },
      chunk,
    );
    const last = offset + chunk.length >= bytes.length;
    if (res.status !== (last ? 200 : 204)) {
      throw new Error(`upload PATCH at ${offset}: ${res.status} ${res.body}`);
    }
  }
  return (performance.now() - started) / 1000;
}

/** The same PATCHes to the HTTP floor, without creation or protocol; returns the seconds. */
async function floorUpload(baseUrl: string, bytes: Buffer): Promise<number> {
  const started = performance.now();
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    const chunk = bytes.subarray(offset, offset + CHUNK);
    const res = await send(
      new URL('/upload', baseUrl),
      'PATCH',
      {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(chunk.length),
      },
      chunk,
    );
    if (res.status !== 204) throw new Error(`floor PATCH at ${offset}: ${res.status}`);
  }
  return (performance.now() - started) / 1000;
}

/** The same bytes in the same chunks to a file in `dir`, with fs; returns the seconds. */
async function writeDirect(dir: string, bytes: Buffer): Promise<number> {
  const file = path.join(dir, `direct-${Date.now()}`);
  const started = performance.now();
  const out = createWriteStream(file);
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    if (!out.write(bytes.subarray(offset, offset + CHUNK))) {
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  const seconds = (performance.now() - started) / 1000;
  await rm(file, { force: true });
  return seconds;
}

/**
 * The same bytes to the bucket with the SDK's multipart upload, as tus sends them: the parts of
 * each chunk at once, one chunk after the other; returns the seconds.
 */
async function putDirect(client: S3Client, bucket: string, bytes: Buffer): Promise<number> {
  const Key = `direct-${Date.now()}`;
  const started = performance.now();
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }));
  const parts = [];
  for (let chunk = 0; chunk < bytes.length; chunk += CHUNK) {
    const sends = [];
    for (
      let offset = chunk;
      offset < Math.min(chunk + CHUNK, bytes.length);
      offset += S3_PART_BYTES
    ) {
      const PartNumber = offset / S3_PART_BYTES + 1;
      const Body = bytes.subarray(offset, Math.min(offset + S3_PART_BYTES, bytes.length));
      sends.push(
        client
          .send(new UploadPartCommand({ Bucket: bucket, Key, UploadId, PartNumber, Body }))
          .then(({ ETag }) => ({ ETag, PartNumber })),
      );
    }
    parts.push(...(await Promise.all(sends)));
  }
  await client.send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket,
      Key,
      UploadId,
      MultipartUpload: { Parts: parts },
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
  return seconds;
}

/** Waits until the kernel has written every dirty page, so the next write starts from the same state. */
const sync = () => promisify(execFile)('sync');

/** Runs `fn` while sampling `child`'s RSS; returns fn's result and the highest sample. */
async function sampled<T>(
  child: Child,
  fn: () => Promise<T>,
): Promise<{ result: T; peak: number }> {
  let peak = child.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, child.rss());
  }, SAMPLE_MS);
  try {
    const result = await fn();
    return { result, peak: Math.max(peak, child.rss()) };
  } finally {
    clearInterval(timer);
  }
}

async function measure(
  driver: 'disk' | 's3',
  server: Child,
  cookie: string,
  bytes: Buffer,
  direct: () => Promise<number>,
  log: (line: string) => void,
  floor?: (bytes: Buffer) => Promise<number>,
): Promise<UploadResult> {
  // The floor gets the same warm-up, or its first requests would run on unoptimised code.
  const warmUp = await videoBytes(WARM_UP_BYTES);
  await tusUpload(server.url, cookie, warmUp);
  if (floor) await floor(warmUp);
  const before = server.rss();
  let peak = before;
  const directSeconds: number[] = [];
  const uploadSeconds: number[] = [];
  const floorSeconds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await sync();
    directSeconds.push(await direct());
    await sync();
    const upload = await sampled(server, () => tusUpload(server.url, cookie, bytes));
    uploadSeconds.push(upload.result);
    peak = Math.max(peak, upload.peak);
    if (floor) {
      await sync();
      floorSeconds.push(await floor(bytes));
    }
  }
  const sizeMB = bytes.length / MB;
  const [directMedian, uploadMedian, floorMedian] = [
    directSeconds,
    uploadSeconds,
    floorSeconds,
  ].map((seconds) => percentile(seconds, 50)) as [number, number, number];
  const result: UploadResult = {
    driver,
    sizeMB,
    rssBeforeMB: before / MB,
    rssPeakMB: peak / MB,
    rssGrowthMB: (peak - before) / MB,
    uploadMBps: sizeMB / uploadMedian,
    directMBps: sizeMB / directMedian,
    speedRatio: directMedian / uploadMedian,
    ...(floor ? { floorMBps: sizeMB / floorMedian, floorRatio: floorMedian / uploadMedian } : {}),
  };
  const speeds = (seconds: number[]) => seconds.map((s) => (sizeMB / s).toFixed(0)).join(', ');
  log(
    `  ${driver}: ${sizeMB} MB through tus at ${result.uploadMBps.toFixed(0)} MB/s ` +
      `(${speeds(uploadSeconds)}; direct ${result.directMBps.toFixed(0)} MB/s (${speeds(directSeconds)}), ` +
      `×${result.speedRatio.toFixed(2)}); ` +
      `RSS ${result.rssBeforeMB.toFixed(0)} → peak ${result.rssPeakMB.toFixed(0)} MB ` +
      `(+${result.rssGrowthMB.toFixed(1)} MB)` +
      (result.floorMBps === undefined
        ? ''
        : `; HTTP floor ${result.floorMBps.toFixed(0)} MB/s (${speeds(floorSeconds)}; upload ×${result.floorRatio?.toFixed(2)} of it)`),
  );
  return result;
}

export async function measureUploads(
  startApp: StartApp,
  stopApp: (child: Child) => Promise<void>,
  playerEmail: string,
  options: {
    sizeMB: number;
    drivers: ('disk' | 's3')[];
    floorPort: number;
    log: (line: string) => void;
  },
): Promise<UploadResult[]> {
  const bytes = await videoBytes(options.sizeMB * MB);
  const results: UploadResult[] = [];
  for (const driver of options.drivers) {
    const dir = dataDir();
    if (driver === 'disk') {
      const server = await startApp({ dataDir: dir, env: {} });
      // tus writes into DATA_DIR/uploads: the direct write and the floor go to the same folder.
      const uploads = path.join(dir, 'uploads');
      const floor = await startUploadFloorServer(options.floorPort, uploads);
      try {
        const cookie = await signIn(server.url, playerEmail);
        results.push(
          await measure(
            driver,
            server,
            cookie,
            bytes,
            () => writeDirect(uploads, bytes),
            options.log,
            (sent) => floorUpload(floor.url, sent),
          ),
        );
      } finally {
        await stopApp(floor);
        await stopApp(server);
      }
      continue;
    }
    const s3 = await startS3rver('bench-uploads');
    const client = new S3Client(s3ClientConfig(s3.clientSettings));
    try {
      const server = await startApp({ dataDir: dir, env: s3.appEnv });
      try {
        const cookie = await signIn(server.url, playerEmail);
        results.push(
          await measure(
            driver,
            server,
            cookie,
            bytes,
            () => putDirect(client, s3.bucket, bytes),
            options.log,
          ),
        );
      } finally {
        await stopApp(server);
      }
    } finally {
      client.destroy();
      await s3.close();
    }
  }
  return results;
}
