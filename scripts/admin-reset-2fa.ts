/**
 * Turns two-factor sign-in off for an administrator who lost their authenticator (ADR 028); they
 * sign in with the password and set it up again. Whoever can run this can reach the database, so
 * it asks nothing more. Usage: npm run admin:reset-2fa -- <username>
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { audit, findAdmin } from '../server/modules/admin/service';
import { clearTwoFactor } from '../server/modules/admin/two-factor';

const username = process.argv[2] ?? '';
const config = loadConfig();
const handle = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
);
const admin = await findAdmin(handle.db, username);
if (!admin) {
  console.error(`No administrator is named ${username || '(none given)'}.`);
  await handle.close();
  process.exit(1);
}
await clearTwoFactor(handle.db, admin.id);
await audit(handle.db, {
  username: admin.username,
  adminId: admin.id,
  action: 'totp-reset',
  success: true,
  ip: null,
  userAgent: 'npm run admin:reset-2fa',
});
await handle.close();
console.log(`Two-factor sign-in is off for ${admin.username}; they can sign in with the password.`);
