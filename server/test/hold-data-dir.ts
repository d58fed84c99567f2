/**
 * Another process holding an embedded database directory, for the lock tests: takes the lock the
 * server takes, says "held", and keeps it until killed.
 * Run by data-dir-lock.test.ts from its bundle (server/test/children.ts), with <data-dir>.
 */
import { lockDataDir } from '../db/data-dir-lock';
import { embeddedDir } from '../db/client';

await lockDataDir(embeddedDir(process.argv[2] ?? ''));
console.log('held');
setInterval(() => {}, 60_000);
