import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coaches, payouts, questions } from '../db/schema';
import { childArgs } from '../test/children';
import { insertCoach, insertQuestion, insertUser } from '../test/factories';
import { openTestDatabase, testDatabaseKind } from '../test/harness';

const DAY = 86_400_000;

// Two processes need a database server; this runs in the PostgreSQL pass of `npm test`.
describe.runIf(testDatabaseKind === 'postgres')('sweeps in two processes on one PostgreSQL', () => {
  it('transfer each payout and refund each question exactly once', async () => {
    const first = await openTestDatabase();
    try {
      const db = first.db;
      const coach = await insertCoach(db, {
        stripeAccountId: 'acct_two',
        stripePayoutsEnabled: true,
        stripeOnboardingComplete: true,
      });
      const player = await insertUser(db);
      const now = new Date();
      for (let i = 0; i < 30; i++) {
        const answered = await insertQuestion(db, {
          coachId: coach.id,
          playerId: player.id,
          status: 'answered',
          answer: 'Yes.',
          answeredAt: now,
          paymentStatus: 'paid',
          paidAt: now,
        });
        await db.insert(payouts).values({
          questionId: answered.id,
          coachId: coach.id,
          amount: 700,
          releasableAt: new Date(now.getTime() - DAY),
        });
        await insertQuestion(db, {
          coachId: coach.id,
          playerId: player.id,
          paymentStatus: 'paid',
          paidAt: new Date(now.getTime() - 8 * DAY),
          // The refund is due at the question's deadline (ADR 060): 7 days after that payment.
          answerBy: new Date(now.getTime() - DAY),
          paymentIntentId: `pi_${i}`,
        });
      }
      // Two OS processes sweep the same database at the same time.
      const runWorker = () =>
        new Promise<string[]>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            childArgs('sweep-worker', first.url ?? '', now.toISOString()),
            { stdio: ['ignore', 'pipe', 'inherit'] },
          );
          let output = '';
          child.stdout.on('data', (chunk) => (output += String(chunk)));
          child.on('exit', (code) =>
            code === 0
              ? resolve(JSON.parse(output) as string[])
              : reject(new Error(`worker ${code}`)),
          );
        });
      const [one, two] = await Promise.all([runWorker(), runWorker()]);
      const calls = new Map<string, number>();
      for (const key of [...one, ...two]) calls.set(key, (calls.get(key) ?? 0) + 1);
      expect(calls.size).toBe(60);
      expect([...calls.values()].every((n) => n === 1)).toBe(true);
      const paid = await db.select().from(payouts).where(eq(payouts.status, 'paid'));
      expect(paid).toHaveLength(30);
      const refunded = await db.select().from(questions).where(eq(questions.status, 'refunded'));
      expect(refunded).toHaveLength(30);
      expect(await db.select().from(coaches)).toHaveLength(1);
    } finally {
      await first.close();
    }
    // Two processes start, open the database and sweep: a hang still fails, a busy machine not.
  }, 120_000);
});
