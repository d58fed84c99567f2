/**
 * Creates an administrator account (separate from user accounts, ADR 014).
 * Usage: npm run admin:create -- <username>
 * The password is read from a hidden prompt, or from standard input when it is piped:
 *   echo 'a long password' | npm run admin:create -- ops-admin
 */
import { createInterface } from 'node:readline';
import { adminLoginSchema } from '../contracts/admin';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { createAdmin, findAdmin } from '../server/modules/admin/service';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += String(chunk);
    return input.replace(/\r?\n$/, '');
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing while the password is typed.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  process.stdout.write('Password: ');
  const password = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return password;
}

const username = process.argv[2] ?? '';
const parsed = adminLoginSchema.safeParse({ username, password: await readPassword() });
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join('\n'));
  process.exit(1);
}
const config = loadConfig();
const handle = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
);
if (await findAdmin(handle.db, parsed.data.username)) {
  console.error(`An administrator named ${parsed.data.username} already exists.`);
  await handle.close();
  process.exit(1);
}
await createAdmin(handle.db, parsed.data.username, parsed.data.password);
await handle.close();
console.log(`Administrator ${parsed.data.username} created.`);
