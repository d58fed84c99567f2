import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType?: string;
  cacheControl?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization?: string;
}

export interface LocalS3Server {
  /** Base URL for the SDK's `endpoint`; use it with `forcePathStyle: true`. */
  endpoint: string;
  /** Keyed by `{bucket}/{key}`. */
  objects: Map<string, StoredObject>;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Undoes `Content-Encoding: aws-chunked`: `{hex size}[;chunk-signature=...]\r\n{data}\r\n` repeated,
 * ended by a zero-size chunk and optional trailers (the SDK puts flexible checksums there).
 */
function decodeAwsChunked(raw: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) throw new Error('aws-chunked body: missing chunk header');
    const sizeText = raw.subarray(offset, lineEnd).toString('latin1').split(';')[0] ?? '';
    const size = Number.parseInt(sizeText, 16);
    if (!Number.isFinite(size) || size < 0)
      throw new Error(`aws-chunked body: bad size ${sizeText}`);
    offset = lineEnd + 2;
    if (size === 0) return Buffer.concat(chunks);
    if (offset + size > raw.length) throw new Error('aws-chunked body: truncated chunk');
    chunks.push(raw.subarray(offset, offset + size));
    offset += size + 2;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>local</RequestId></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(xml);
}

function parsePath(rawUrl: string): { bucket: string; key: string } | null {
  const url = new URL(rawUrl, 'http://local');
  // The SDK tags every operation with `?x-id=...`; any other sub-resource (acl, uploads, ...) is out of scope.
  for (const name of url.searchParams.keys()) if (name !== 'x-id') return null;
  const match = /^\/([^/]+)\/(.+)$/.exec(url.pathname);
  if (!match?.[1] || !match[2]) return null;
  return {
    bucket: decodeURIComponent(match[1]),
    key: match[2].split('/').map(decodeURIComponent).join('/'),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A path-style S3 stand-in for tests: PUT, GET, HEAD and DELETE of single objects, nothing more. */
export async function startS3Server(): Promise<LocalS3Server> {
  const objects = new Map<string, StoredObject>();
  const requests: RecordedRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? '';
    const rawUrl = req.url ?? '/';
    let decodedPath: string;
    try {
      decodedPath = decodeURIComponent(new URL(rawUrl, 'http://local').pathname);
    } catch {
      decodedPath = rawUrl;
    }
    requests.push({ method, path: decodedPath, authorization: header(req, 'authorization') });

    let target: { bucket: string; key: string } | null;
    try {
      target = parsePath(rawUrl);
    } catch {
      target = null;
    }
    if (!target) {
      await readBody(req);
      return sendError(res, 400, 'InvalidRequest', 'Only path-style object requests are supported');
    }
    const id = `${target.bucket}/${target.key}`;

    switch (method) {
      case 'PUT': {
        const raw = await readBody(req);
        const encoding = header(req, 'content-encoding') ?? '';
        const streaming =
          encoding.split(',').some((e) => e.trim() === 'aws-chunked') ||
          (header(req, 'x-amz-content-sha256') ?? '').startsWith('STREAMING-');
        let body: Buffer;
        try {
          body = streaming ? decodeAwsChunked(raw) : raw;
        } catch (error) {
          return sendError(res, 400, 'IncompleteBody', (error as Error).message);
        }
        // A signed payload hash that disagrees with the bytes means the body was mangled in transit.
        const payloadHash = header(req, 'x-amz-content-sha256') ?? '';
        if (
          /^[0-9a-f]{64}$/.test(payloadHash) &&
          createHash('sha256').update(body).digest('hex') !== payloadHash
        )
          return sendError(res, 400, 'XAmzContentSHA256Mismatch', 'Payload hash mismatch');
        const declared = header(req, 'x-amz-decoded-content-length');
        if (declared !== undefined && Number(declared) !== body.length)
          return sendError(res, 400, 'IncompleteBody', 'Body does not match decoded length');
        objects.set(id, {
          body,
          contentType: header(req, 'content-type'),
          cacheControl: header(req, 'cache-control'),
        });
        res.writeHead(200, { etag: '"local"' });
        return void res.end();
      }
      case 'GET':
      case 'HEAD': {
        await readBody(req);
        const object = objects.get(id);
        if (!object) {
          if (method === 'HEAD') return void res.writeHead(404).end();
          return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        const headers: Record<string, string | number> = { 'content-length': object.body.length };
        if (object.contentType) headers['content-type'] = object.contentType;
        if (object.cacheControl) headers['cache-control'] = object.cacheControl;
        res.writeHead(200, headers);
        return void res.end(method === 'GET' ? object.body : undefined);
      }
      case 'DELETE': {
        await readBody(req);
        // Real S3 answers 204 whether or not the key existed.
        objects.delete(id);
        return void res.writeHead(204).end();
      }
      default:
        await readBody(req);
        return sendError(res, 400, 'InvalidRequest', `Method ${method} is not supported`);
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'InternalError', String(error));
      else res.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps sockets alive; without this close() would wait for them to idle out.
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
