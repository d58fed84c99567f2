// `npm start` builds only when something the build reads changed since the last build (ADR 048):
// a hash of every input, compared with the stamp the last complete build left in dist/. The stamp
// is removed before building and written after, so a build that failed halfway builds again.
// `npm run build` itself always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist/.build-stamp');

const INPUT_FOLDERS = ['web', 'contracts', 'server'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'scripts/compress-assets.mjs',
];
// What the build writes: all present, or it did not finish (someone deleted a part of dist/).
const OUTPUTS = ['dist/web/index.html', 'dist/ssr/entry-server.js', 'dist/server/main.js'];

async function filesUnder(folder) {
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

async function inputsHash() {
  const nested = await Promise.all(INPUT_FOLDERS.map(filesUnder));
  const files = [...nested.flat(), ...INPUT_FILES].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // The name too, so a renamed file changes the hash; NUL cannot occur in a path.
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const current = await inputsHash();
const previous = existsSync(stampFile) ? (await readFile(stampFile, 'utf8')).trim() : undefined;
const complete = OUTPUTS.every((file) => existsSync(path.join(root, file)));

if (previous === current && complete) {
  console.log('The build is up to date: nothing changed since the last build.');
} else {
  await rm(stampFile, { force: true });
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  await writeFile(stampFile, `${current}\n`);
}
