import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './types';

export const DISK_STORAGE_URL_PREFIX = '/files/';

/** Files under a directory on local disk, served by the app at /files/. */
export function createDiskStorage(rootDir: string): FileStorage & { rootDir: string } {
  const root = path.resolve(rootDir);
  const resolveKey = (key: string) => {
    const target = path.resolve(root, key);
    if (!target.startsWith(root + path.sep))
      throw new Error(`Storage key escapes the root: ${key}`);
    return target;
  };
  return {
    rootDir: root,
    async put(key, body) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    async remove(key) {
      await rm(resolveKey(key), { force: true });
    },
    async read(key) {
      try {
        return await readFile(resolveKey(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    publicUrl: (key) =>
      `${DISK_STORAGE_URL_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`,
  };
}
