// Writes .br and .gz beside every built text asset, so the server sends compressed bytes without
// compressing on each request (@fastify/static `preCompressed`, ADR 016).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../dist/web');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

let saved = 0;
let count = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await readFile(file);
  if (body.length < 1024) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  saved += body.length - br.length;
  count++;
}
console.log(`compressed ${count} assets (brotli saves ${Math.round(saved / 1024)} KB)`);
