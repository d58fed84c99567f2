import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES, DIRECTORY_PAGE_SIZE } from '../../../contracts/directory';
import type { Executor } from '../../db/client';
import { coaches, questions, ratings, reviews } from '../../db/schema';
import { signedInUser } from '../../test/accounts';
import { insertCoach, insertQuestion, insertUser } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { prefixQuery } from './data';

interface Card {
  name: string;
  slug: string;
  starRating: number | null;
  averageRating: number | null;
  payoutReady: boolean;
  helpfulPercent: number | null;
  answeredCount: number;
  pricePerQuestion: number;
}
interface Page {
  coaches: Card[];
  nextCursor: string | null;
}

describe(`GET /api/coaches (${testDatabaseKind})`, () => {
  let t: TestApp;
  const get = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/coaches?${query}` });
    return res;
  };
  const names = async (query: string) =>
    ((await get(query)).json() as Page).coaches.map((coach) => coach.name);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.ctx.database.db;
    const player = await insertUser(db, { name: 'Pat Player' });
    const coach = async (
      name: string,
      expertise: string,
      dollars: number,
      bio: string | null,
      stars: number[],
      day: number,
    ) => {
      const row = await insertCoach(db, {
        name,
        expertise,
        bio,
        pricePerQuestion: dollars * 100,
        createdAt: new Date(Date.UTC(2026, 0, day)),
      });
      for (const rating of stars) {
        const question = await insertQuestion(db, {
          coachId: row.id,
          playerId: player.id,
          status: 'answered',
          answer: 'Keep your eyes up.',
          answeredAt: new Date(),
        });
        await db
          .insert(reviews)
          .values({ coachId: row.id, questionId: question.id, reviewerId: player.id, rating });
        await db.insert(ratings).values({
          coachId: row.id,
          questionId: question.id,
          userId: player.id,
          isHelpful: rating >= 4,
        });
      }
      return row;
    };
    await coach('Maya Torres', 'Point guard play', 40, 'Court vision and passing.', [5, 5], 1);
    await coach('Dev Patel', 'Tennis serve mechanics', 25, null, [4, 3, 4], 2);
    await coach('Sam Okafor', 'Strength and conditioning', 60, 'Tennis fitness too.', [2], 3);
    await coach('Lena Fischer', 'Swimming', 15, null, [], 4);
  });
  afterAll(() => t.close());

  it('lists every Coach, best rated first, with stars, helpful % and answered count', async () => {
    const page = (await (await get('')).json()) as Page;
    expect(page.coaches.map((c) => c.name)).toEqual([
      'Maya Torres',
      'Dev Patel',
      'Sam Okafor',
      'Lena Fischer',
    ]);
    expect(page.coaches[0]).toMatchObject({
      starRating: 5,
      helpfulPercent: 100,
      answeredCount: 2,
      pricePerQuestion: 4000,
    });
    // 4, 3 and 4 average 3.67, shown as 4 stars (spec §9); two helpful of three.
    expect(page.coaches[1]).toMatchObject({ starRating: 4, helpfulPercent: 67, answeredCount: 3 });
    expect(page.coaches[3]).toMatchObject({ starRating: null, helpfulPercent: null });
    // Issue 36: the average beside the stars, to one decimal, and the Verified mark's fact.
    expect(page.coaches.map((c) => c.averageRating)).toEqual([5, 3.7, 2, null]);
    expect(page.coaches.every((c) => c.payoutReady)).toBe(true);
    expect(page.nextCursor).toBeNull();
  });

  it('searches name, expertise and bio by word prefixes, case-insensitively', async () => {
    expect(await names('q=tennis')).toEqual(['Dev Patel', 'Sam Okafor']);
    expect(await names('q=SERV')).toEqual(['Dev Patel']);
    expect(await names('q=maya')).toEqual(['Maya Torres']);
    expect(await names('q=court%20pass')).toEqual(['Maya Torres']);
    expect(await names('q=curling')).toEqual([]);
    // Punctuation cannot break the tsquery.
    expect((await get(`q=${encodeURIComponent("a&|!:*()' <x>")}`)).statusCode).toBe(200);
  });

  it('filters by price range and minimum rating', async () => {
    expect(await names('minPrice=20&maxPrice=40')).toEqual(['Maya Torres', 'Dev Patel']);
    expect(await names('minRating=4')).toEqual(['Maya Torres', 'Dev Patel']);
    expect(await names('minRating=5&q=tennis')).toEqual([]);
    expect(await names('minPrice=&maxPrice=&minRating=')).toHaveLength(4);
  });

  it('sorts by most answered, price both ways and newest', async () => {
    expect(await names('sort=answered')).toEqual([
      'Dev Patel',
      'Maya Torres',
      'Sam Okafor',
      'Lena Fischer',
    ]);
    expect(await names('sort=price-low')).toEqual([
      'Lena Fischer',
      'Dev Patel',
      'Maya Torres',
      'Sam Okafor',
    ]);
    expect(await names('sort=price-high')).toEqual([
      'Sam Okafor',
      'Maya Torres',
      'Dev Patel',
      'Lena Fischer',
    ]);
    expect(await names('sort=newest')).toEqual([
      'Lena Fischer',
      'Sam Okafor',
      'Dev Patel',
      'Maya Torres',
    ]);
  });

  it('pages with a cursor, each Coach once, in order', async () => {
    const db = t.ctx.database.db;
    for (let i = 0; i < DIRECTORY_PAGE_SIZE + 3; i++) {
      await insertCoach(db, {
        name: `Pager ${i}`,
        expertise: 'Paging drills',
        pricePerQuestion: 1000 + i * 100,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = (
        await get(`q=paging&sort=price-low${cursor ? `&cursor=${cursor}` : ''}`)
      ).json() as Page;
      seen.push(...page.coaches.map((c) => c.name));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(Array.from({ length: DIRECTORY_PAGE_SIZE + 3 }, (_, i) => `Pager ${i}`));
  });

  it('shows a Coach as soon as their profile is saved, though pages are cached', async () => {
    // Among all Coaches: one who cannot be paid yet is listed there (ADR 061).
    expect(await names('q=frisbee&show=all')).toEqual([]);
    const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: {
        name: 'Fay Disc',
        expertise: 'Ultimate frisbee',
        price: 20,
        acceptedAgreement: true,
      },
    });
    expect(await names('q=frisbee&show=all')).toEqual(['Fay Disc']);
    // Not payout-ready: no Verified mark (issue 36).
    const [fay] = ((await get('q=frisbee&show=all')).json() as Page).coaches;
    expect(fay).toMatchObject({ payoutReady: false, averageRating: null });
    // 'Taking questions' leaves her out, and says so (issue 36); the other views count nothing.
    expect((await get('q=frisbee')).json()).toMatchObject({ coaches: [], hiddenCount: 1 });
    expect((await get('q=frisbee&show=all')).json()).toMatchObject({ hiddenCount: 0 });
    expect((await get('q=nobodyatall')).json()).toMatchObject({ coaches: [], hiddenCount: 0 });
  });

  it('refuses bad input with a 400 naming the problem', async () => {
    const cases: [string, string][] = [
      ['minPrice=abc', DIRECTORY_MESSAGES.invalidPrice],
      ['minPrice=50&maxPrice=10', DIRECTORY_MESSAGES.priceRange],
      ['minRating=6', DIRECTORY_MESSAGES.invalidRating],
      ['sort=cheapest', DIRECTORY_MESSAGES.invalidSort],
      [`q=${'x'.repeat(101)}`, DIRECTORY_MESSAGES.queryTooLong],
      ['cursor=not-a-cursor', 'Invalid page cursor.'],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });

  it('keeps the figures as questions are answered and reviews change', async () => {
    const db = t.ctx.database.db;
    const player = await insertUser(db);
    const coach = await insertCoach(db, { name: 'Figures Coach' });
    const question = await insertQuestion(db, { coachId: coach.id, playerId: player.id });
    const read = async () => {
      const [row] = await db.select().from(coaches).where(eq(coaches.id, coach.id));
      return row!;
    };
    expect((await read()).answeredCount).toBe(0);
    await db
      .update(questions)
      .set({ status: 'answered', answer: 'Yes.', answeredAt: new Date() })
      .where(eq(questions.id, question.id));
    expect((await read()).answeredCount).toBe(1);
    const [review] = await db
      .insert(reviews)
      .values({ coachId: coach.id, questionId: question.id, reviewerId: player.id, rating: 3 })
      .returning();
    expect(await read()).toMatchObject({ reviewCount: 1, reviewSum: 3, ratingScore: 300 });
    await db.update(reviews).set({ published: false }).where(eq(reviews.id, review!.id));
    expect(await read()).toMatchObject({ reviewCount: 0, reviewSum: 0, ratingScore: 0 });
    await db
      .insert(ratings)
      .values({ coachId: coach.id, questionId: question.id, userId: player.id, isHelpful: false });
    await db.update(ratings).set({ isHelpful: true }).where(eq(ratings.questionId, question.id));
    expect(await read()).toMatchObject({ ratingCount: 1, helpfulCount: 1 });
    // Deleting the question takes its rating and review with it, and every figure follows.
    await db.delete(questions).where(eq(questions.id, question.id));
    expect(await read()).toMatchObject({ answeredCount: 0, ratingCount: 0, helpfulCount: 0 });
  });

  it("bumps the Coach's figures at commit, leaving the Coach's row unlocked until then (ADR 098)", async () => {
    const db = t.ctx.database.db;
    const player = await insertUser(db);
    const coach = await insertCoach(db, { name: 'Busy Coach' });
    const question = await insertQuestion(db, { coachId: coach.id, playerId: player.id });
    const answered = async (executor: Executor) => {
      const [row] = await executor
        .select({ n: coaches.answeredCount, reviews: coaches.reviewCount })
        .from(coaches)
        .where(eq(coaches.id, coach.id));
      return row!;
    };
    await db.transaction(async (tx) => {
      await tx
        .update(questions)
        .set({ status: 'answered', answer: 'Yes.', answeredAt: new Date() })
        .where(eq(questions.id, question.id));
      await tx
        .insert(reviews)
        .values({ coachId: coach.id, questionId: question.id, reviewerId: player.id, rating: 5 });
      // Not bumped inside the transaction that answered and reviewed...
      expect(await answered(tx)).toEqual({ n: 0, reviews: 0 });
      if (testDatabaseKind === 'postgres') {
        // ...so another connection takes the lock another answer's bump needs (an UPDATE's, FOR
        // NO KEY UPDATE) meanwhile; NOWAIT would fail at once on a row the transaction had updated.
        await db.execute(
          sql`SELECT id FROM experts WHERE id = ${coach.id} FOR NO KEY UPDATE NOWAIT`,
        );
      }
    });
    expect(await answered(db)).toEqual({ n: 1, reviews: 1 });
  });
});

describe('prefixQuery', () => {
  it('keeps letters and digits of each word, as prefixes joined by AND', () => {
    expect(prefixQuery('  Tennis  serve!! ')).toBe('tennis:* & serve:*');
    expect(prefixQuery("o'brien & co:*")).toBe('o:* & brien:* & co:*');
    expect(prefixQuery('Müller 3x3')).toBe('müller:* & 3x3:*');
    expect(prefixQuery('!!!')).toBeNull();
    expect(prefixQuery(undefined)).toBeNull();
  });
});
