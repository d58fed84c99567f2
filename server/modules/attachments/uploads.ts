import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { Server, type DataStore, type KvStore, type ServerOptions } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ATTACHMENT_MESSAGES,
  ATTACHMENT_UPLOAD_PATH,
  cleanAttachmentName,
} from '../../../contracts/attachments';
import { UPLOAD_QUOTA_BYTES, UPLOAD_QUOTA_WINDOW_HOURS } from '../../../contracts/limits';
import { s3Settings, type Config } from '../../config';
import { S3_PART_BYTES, s3ClientConfig } from '../../adapters/storage/s3';
import { depsOf, type AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireUser } from '../auth';
import { releaseUploadSpace, reserveUploadSpace } from './data';
import { storeUpload } from './service';

/** Where tus keeps uploads in progress, beside the attachments they become (ADR 059). */
export const uploadsDir = (config: Config) => path.resolve(config.DATA_DIR, 'uploads');

const MB = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Uploads a person may start in a minute: five files each on a few forms, with retries. */
const CREATES_PER_MINUTE = 30;

/**
 * No cache of an upload's tus info: `@tus/s3-store` keeps one per process by default, but the info
 * lives in the bucket, which other processes (ADR 052) and the sweep change, and the cache would keep
 * an entry for every upload abandoned. Reading it from the bucket costs one small GET per request.
 */
const noCache: KvStore<MetadataValue> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

/**
 * The tus store of unfinished uploads (ADR 067). Disk: files (and their `.json` info) under
 * DATA_DIR/uploads. S3: a multipart upload in the bucket, named by the upload's id, with its
 * `.info` object; tus cuts each request's bytes into parts of S3's smallest size, buffers each in a
 * temporary file (never in memory) and sends them to the bucket while the next ones arrive.
 */
export function createUploadStore(config: Config): DataStore {
  const expirationPeriodInMilliseconds = config.ATTACHMENT_UPLOAD_EXPIRY_HOURS * 3600_000;
  if (config.STORAGE_DRIVER === 's3') {
    const settings = s3Settings(config);
    return new S3Store({
      s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
      partSize: S3_PART_BYTES,
      expirationPeriodInMilliseconds,
      cache: noCache,
      // Expiry tags are for bucket lifecycle rules; the sweep aborts expired uploads itself, and
      // S3-compatible services do not all take tags.
      useTags: false,
    });
  }
  return new FileStore({ directory: uploadsDir(config), expirationPeriodInMilliseconds });
}

/** A tus error response: the client shows `message`, in the API's usual error shape. */
const tusError = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ statusCode: status, error: 'Upload refused', message }),
});
const notFound = () => tusError(404, 'Upload not found.');

/** The Node request under tus's Web-style request: the one our route saw and signed in. */
type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];
const nodeRequestOf = (req: TusRequest) =>
  (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/**
 * Resumable uploads (tus 1.0, ADR 059) at /api/uploads, for signed-in people only. Each upload is
 * bound to whoever created it: their id goes into the upload's info, and every later request on it
 * (resume, send bytes, cancel) must come from them, or it is a 404. Bytes stream from the request
 * to disk or, with the s3 driver, to the bucket in parts; memory does not grow with the file. When
 * the last byte arrives the file is checked and stored (`storeUpload`) before the response, whose
 * body names the attachment or the refusal.
 * There is no GET: a finished upload is read only through an attachment's signed link.
 */
export const uploadRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { auth, config } = ctx;
  const store = createUploadStore(config);
  /** Who each request in flight is, set by the route after the session check. */
  const uploaders = new WeakMap<IncomingMessage, string>();
  const uploaderOf = (req: TusRequest) => {
    const node = nodeRequestOf(req);
    const id = node ? uploaders.get(node) : undefined;
    // Never reached through the routes below, which sign in first; refused all the same.
    if (!id) throw tusError(401, 'Sign in to upload.');
    return id;
  };

  const tus = new Server({
    path: ATTACHMENT_UPLOAD_PATH,
    datastore: store,
    maxSize: config.ATTACHMENT_MAX_MB * MB,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    namingFunction: () => randomUUID(),
    // Ids are ours (UUIDs): nothing else in the path may name a file in the uploads folder.
    getFileIdFromRequest: (_req, lastPath) =>
      lastPath && UUID.test(lastPath) ? lastPath : undefined,
    // Every refusal in the API's error shape, tus's own (a missing header, a wrong offset) too.
    onResponseError(_req, err) {
      const status = 'status_code' in err ? err.status_code : 500;
      const body = 'body' in err ? err.body : '';
      if (body.startsWith('{')) return undefined;
      return tusError(status, status >= 500 ? ATTACHMENT_MESSAGES.uploadFailed : body.trim());
    },
    async onUploadCreate(req, upload) {
      const uploaderId = uploaderOf(req);
      if (upload.size === undefined) throw tusError(400, ATTACHMENT_MESSAGES.uploadFailed);
      if (upload.size === 0) throw tusError(400, ATTACHMENT_MESSAGES.empty);
      const name = cleanAttachmentName(upload.metadata?.filename ?? '');
      // The declared length counts against the quota from now until the upload is stored,
      // refused, cancelled or expired (ADR 085).
      const now = Date.now();
      const space = await reserveUploadSpace(ctx.database.db, {
        id: upload.id,
        uploaderId,
        bytes: upload.size,
        quota: UPLOAD_QUOTA_BYTES,
        inFlightSince: new Date(now - config.ATTACHMENT_UPLOAD_EXPIRY_HOURS * 3600_000),
        storedSince: new Date(now - UPLOAD_QUOTA_WINDOW_HOURS * 3600_000),
      });
      if (!space.reserved) throw tusError(413, ATTACHMENT_MESSAGES.accountQuota(space.left));
      // Only these two are kept: what the browser claimed (type, anything else) is not used.
      return { metadata: { uploaderId, name } };
    },
    async onIncomingRequest(req, id) {
      const uploaderId = uploaderOf(req);
      if (req.method === 'POST') return;
      const upload = await store.getUpload(id).catch(() => null);
      if (!upload || upload.metadata?.uploaderId !== uploaderId) throw notFound();
      // A cancelled upload gives its space back (a finished one cannot be cancelled, and holds
      // none: it is stored).
      if (req.method === 'DELETE') await releaseUploadSpace(ctx.database.db, id);
    },
    async onUploadFinish(req, upload) {
      const uploaderId = uploaderOf(req);
      const staged = ctx.attachmentFiles.staged(upload.id);
      try {
        const stored = await storeUpload(depsOf(ctx, app.log), {
          id: upload.id,
          uploaderId,
          staged,
          name: upload.metadata?.name ?? 'file',
        });
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(stored),
        };
      } catch (error) {
        if (error instanceof AppError) throw tusError(error.statusCode, error.message);
        app.log.error({ err: error, uploadId: upload.id }, 'upload could not be stored');
        throw tusError(500, ATTACHMENT_MESSAGES.uploadFailed);
      } finally {
        // Stored (moved or copied away) or refused: either way the staging copy and its info go.
        // (The stores' own remove would stop at a moved file or a completed multipart upload.)
        await staged.discard();
        // Refused: its space is free again (stored, the same transaction freed it already).
        await releaseUploadSpace(ctx.database.db, upload.id);
      }
    },
  });

  // tus reads the body itself, as a stream: Fastify must not parse or buffer it.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await requireUser(auth, request);
    const { id } = request.params as { id?: string };
    if (id !== undefined && !UUID.test(id)) throw new AppError(404, 'Upload not found.');
    // tus answers a request without its protocol header in plain text, before any hook: refused
    // here instead, in the API's error shape.
    if (request.headers['tus-resumable'] === undefined) {
      throw new AppError(412, 'Uploads use the tus protocol: send the Tus-Resumable header.');
    }
    uploaders.set(request.raw, user.id);
    reply.hijack();
    reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
    reply.raw.setHeader('Cache-Control', 'no-store');
    await tus.handle(request.raw, reply.raw);
  };

  app.post(
    ATTACHMENT_UPLOAD_PATH,
    { config: { rateLimit: { max: CREATES_PER_MINUTE, timeWindow: '1 minute' } } },
    handle,
  );
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${ATTACHMENT_UPLOAD_PATH}/:id`,
    handler: handle,
  });
};
