/**
 * Fills an empty database with a few demo Coaches so a fresh checkout has something to look at,
 * through the functions of the modules that own the tables (ADR 076), as the app writes them.
 * Usage: npm run seed:demo (uses DATABASE_URL or DATA_DIR like the server).
 */
import { pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '../server/db/client';
import { DatabaseInUseError } from '../server/db/data-dir-lock';
import { coachSlugBase } from '../contracts/coach-slug';
import { insertConfirmedUser } from '../server/modules/auth/data';
import { insertReadyCoach } from '../server/modules/coaches/data';
import { insertCompletedRole } from '../server/modules/profiles/data';
import { loadConfig } from '../server/config';

export const DEMO_COACHES = [
  { name: 'Maya Torres', expertise: 'Point guard play & court vision', price: 40 },
  { name: 'Dev Patel', expertise: 'Fast bowling and cricket fitness', price: 25 },
  { name: 'Sam Okafor', expertise: 'Youth football coaching', price: 30 },
  { name: 'Lena Fischer', expertise: 'Tennis serve mechanics', price: 55 },
  { name: 'Chris Nakamura', expertise: 'Strength & conditioning', price: 35 },
  { name: 'Ava Brooks', expertise: 'Recruiting and college scholarships', price: 75 },
  { name: 'Jonah Reid', expertise: 'Goalkeeping', price: 20 },
] as const;

export async function seedDemo(db: Database): Promise<void> {
  const base = Date.UTC(2026, 0, 1);
  await db.transaction(async (tx) => {
    for (const [index, coach] of DEMO_COACHES.entries()) {
      const id = `demo-coach-${index + 1}`;
      const email = `${coach.name.toLowerCase().replace(/\W+/g, '.')}@demo.playbook.local`;
      const createdAt = new Date(base + index * 86_400_000);
      await insertConfirmedUser(tx, { id, name: coach.name, email, createdAt });
      await insertCompletedRole(tx, { userId: id, role: 'expert', name: coach.name, createdAt });
      const slug = coachSlugBase(coach.name);
      await insertReadyCoach(tx, {
        userId: id,
        email,
        name: coach.name,
        expertise: coach.expertise,
        bio: `${coach.name} has coached at club and college level for over ten years.`,
        pricePerQuestion: coach.price * 100,
        createdAt,
        slug,
        // Demo Coaches take questions: a local provider account that can receive payouts (ADR 061).
        stripeAccountId: `acct_local_demo_${slug}`,
      });
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = loadConfig();
  const handle = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  ).catch((err: unknown) => {
    // The one failure a person causes here: the server holds the embedded database.
    if (err instanceof DatabaseInUseError) {
      console.error(`Nothing was seeded. ${err.message}`);
      process.exit(1);
    }
    throw err;
  });
  await seedDemo(handle.db);
  await handle.close();
  console.log(`Seeded ${DEMO_COACHES.length} demo Coaches.`);
}
