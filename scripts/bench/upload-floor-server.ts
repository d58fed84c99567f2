/**
 * The upload phase's HTTP floor (scripts/bench/upload.ts): the least a server can do with an
 * upload's PATCHes, each body piped to a file at its offset, no protocol, no session, in its own
 * process like the app. What the app's tus uploads are compared with besides the direct write.
 */
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const file = path.join(process.env.UPLOAD_DIR ?? '.', 'floor-upload');
http
  .createServer((req, res) => {
    if (req.method !== 'PATCH') return void res.writeHead(200).end();
    const offset = Number(req.headers['upload-offset']);
    pipeline(
      req,
      createWriteStream(file, { flags: offset === 0 ? 'w' : 'r+', start: offset }),
    ).then(
      () => res.writeHead(204).end(),
      () => res.writeHead(500).end(),
    );
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
