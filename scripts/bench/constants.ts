/** Names the seed and the bench agree on: seeded users, their password, the size of each dataset. */
import type { Size } from './db';

/** Every seeded user signs in with this password (hashed once by the seed with better-auth's scrypt). */
export const BENCH_PASSWORD = 'bench-password-123';

export interface Shape {
  users: number;
  coaches: number;
  questions: number;
}

/** Same proportions at both sizes: 10% of users are Coaches, ten questions per user. */
export const SHAPES: Record<Size, Shape> = {
  large: { users: 100_000, coaches: 10_000, questions: 1_000_000 },
  small: { users: 1_000, coaches: 100, questions: 10_000 },
};

export const userId = (n: number) => `bench-user-${n}`;
export const userEmail = (n: number) => `user${n}@bench.playbook.local`;
/** Users 1..coaches are Coaches; the rest are Players. */
export const coachUuidSql = (n: string) =>
  `('e0000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;

/** The app's `SELECT 1` route: what signed-in reads are compared with. */
export const ONE_QUERY_FLOOR = 'one-query floor';
