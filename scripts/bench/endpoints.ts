/**
 * The endpoint benchmarks: the baseline, a one-query reference and the reads, each with autocannon
 * at the same connection count; each signed-in read in rounds, each round its floor and the read at
 * that count, then both again at fewer connections for their latency (ADR 079). The writes are
 * writes.ts.
 */
import { ONE_QUERY_FLOOR } from './constants';
import type { Fixtures } from './fixtures';
import { measure, signIn, type LoadOptions, type Measurement, type Target } from './http';

/** `reference`: measured for context, judged against no target. */
export type Kind = 'baseline' | 'reference' | 'read' | 'signed-in read' | 'write';

export interface EndpointResult {
  name: string;
  kind: Kind;
  route: string;
  /** A signed-in read's: that of its median round (`medianRound`). */
  measurement: Measurement;
  /**
   * A signed-in read's one-query floor, measured right before it: on a shared machine the load
   * drifts over the minutes between the first floor and the last read (ADR 068).
   */
  floor?: Measurement;
  /** A signed-in read's every round, each judged on its own (ADR 079). */
  rounds?: SignedInRound[];
}

/**
 * One round of a signed-in read: its floor then the read at the bench's connection count, whose
 * rates judge its throughput; then its floor then the read at `RunOptions.latencyConnections`,
 * whose p99s judge its latency (ADR 079).
 */
export interface SignedInRound {
  floor: Measurement;
  read: Measurement;
  latency: { connections: number; floor: Measurement; read: Measurement };
}

export interface RunOptions extends LoadOptions {
  warmupS: number;
  /** Times each signed-in read (after its floor) and its statement alone are measured. */
  rounds: number;
  /** Connections at which each round also measures a signed-in read's p99 and its floor's. */
  latencyConnections: number;
  log: (line: string) => void;
}

/** One endpoint measured after its warm-up, and logged. */
export async function bench(
  baseUrl: string,
  name: string,
  kind: Kind,
  route: string,
  target: Target,
  options: RunOptions,
): Promise<EndpointResult> {
  if (options.warmupS > 0)
    await measure(baseUrl, target, { ...options, durationS: options.warmupS });
  const measurement = await measure(baseUrl, target, options);
  const { rps, p50, p99, non2xx, errors } = measurement;
  options.log(
    `  ${name.padEnd(22)} ${rps.toFixed(0).padStart(7)} req/s  p50 ${p50} ms  p99 ${p99} ms` +
      (non2xx || errors ? `  non-2xx ${non2xx} errors ${errors}` : ''),
  );
  return { name, kind, route, measurement };
}

export function runBaseline(baseUrl: string, options: RunOptions): Promise<EndpointResult> {
  return bench(baseUrl, 'baseline hello-world', 'baseline', 'GET /', { path: '/' }, options);
}

/**
 * The app's cheapest database-backed route (`SELECT 1` behind the full request pipeline): the
 * ceiling for any read that queries PostgreSQL on every request, on this machine.
 */
export function runOneQueryFloor(baseUrl: string, options: RunOptions): Promise<EndpointResult> {
  return bench(
    baseUrl,
    ONE_QUERY_FLOOR,
    'reference',
    'GET /api/health',
    {
      path: '/api/health',
    },
    options,
  );
}

/**
 * What visitors of /coaches ask for, in turn: words of the seeded expertise and names, each filter
 * and each sort (issue 12).
 */
const DIRECTORY_SEARCHES = [
  '',
  'q=tennis',
  'q=goal&sort=price-low',
  'q=coach%2012',
  'minRating=4&sort=answered',
  'minPrice=20&maxPrice=40&sort=price-high',
  'q=swim&minRating=3',
  'sort=newest',
];

const DIRECTORY_SORTS = ['rating', 'answered', 'price-low', 'price-high', 'newest'];

/**
 * The reads of issues 7, 12 and 14, as the web app calls them: public (unless `publicReads` is
 * false), then signed-in.
 */
export async function runReads(
  baseUrl: string,
  fixtures: Fixtures,
  options: RunOptions & { publicReads: boolean },
): Promise<EndpointResult[]> {
  const coachCookie = await signIn(baseUrl, fixtures.busiestCoach.email);
  const playerCookie = await signIn(baseUrl, fixtures.player.email);
  let searches = 0;
  const reads: [string, Kind, string, Target][] = [
    ['home coach list', 'read', 'GET /api/coaches/newest', { path: '/api/coaches/newest' }],
    [
      'directory search',
      'read',
      'GET /api/coaches',
      {
        path: `/api/coaches?${DIRECTORY_SEARCHES[0]}`,
        next: () => ({
          path: `/api/coaches?${DIRECTORY_SEARCHES[searches++ % DIRECTORY_SEARCHES.length]}`,
        }),
      },
    ],
    [
      // Every request a different search, so none is served from the cache: the query's own cost.
      'directory, uncached',
      'read',
      'GET /api/coaches',
      {
        path: '/api/coaches?q=coach%201',
        next: () => {
          const i = searches++;
          const sort = DIRECTORY_SORTS[i % DIRECTORY_SORTS.length];
          return {
            path:
              i % 2 === 0
                ? `/api/coaches?q=coach%20${(i % 9_999) + 1}&sort=${sort}`
                : `/api/coaches?minPrice=${10 + (i % 90)}&sort=${sort}`,
          };
        },
      },
    ],
    [
      'coach profile',
      'read',
      'GET /api/coaches/:id',
      { path: `/api/coaches/${fixtures.busiestCoach.coachId}` },
    ],
    [
      'busiest coach inbox',
      'signed-in read',
      'GET /api/questions/coach-inbox',
      { path: '/api/questions/coach-inbox', cookie: coachCookie },
    ],
    [
      'player questions',
      'signed-in read',
      'GET /api/questions/mine',
      { path: '/api/questions/mine', cookie: playerCookie },
    ],
    [
      'unread count',
      'signed-in read',
      'GET /api/questions/unread-count',
      { path: '/api/questions/unread-count', cookie: coachCookie },
    ],
    [
      'question detail',
      'signed-in read',
      'GET /api/questions/:id',
      { path: `/api/questions/${fixtures.questionId}`, cookie: playerCookie },
    ],
  ];
  const results: EndpointResult[] = [];
  const atLatency = { ...options, connections: options.latencyConnections };
  for (const [name, kind, route, target] of reads) {
    if (kind !== 'signed-in read') {
      if (options.publicReads)
        results.push(await bench(baseUrl, name, kind, route, target, options));
      continue;
    }
    const rounds: SignedInRound[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const floor = (await runOneQueryFloor(baseUrl, options)).measurement;
      const read = (await bench(baseUrl, name, kind, route, target, options)).measurement;
      options.log(`  at ${atLatency.connections} connections:`);
      const floorAtLatency = (await runOneQueryFloor(baseUrl, atLatency)).measurement;
      const readAtLatency = (await bench(baseUrl, name, kind, route, target, atLatency))
        .measurement;
      rounds.push({
        floor,
        read,
        latency: { connections: atLatency.connections, floor: floorAtLatency, read: readAtLatency },
      });
    }
    const median = medianRound(rounds);
    results.push({ name, kind, route, measurement: median.read, floor: median.floor, rounds });
  }
  return results;
}

const shareOfFloor = (r: SignedInRound) => (r.floor.rps > 0 ? r.read.rps / r.floor.rps : 0);

/**
 * The round whose read reached the median share of the floor measured right before it: the same
 * read moves by a tenth or more between two quiet minutes on a shared machine (ADR 068), so one
 * pair says little; the median pair keeps a measurement and its floor together. The verdicts judge
 * every round (ADR 079); the median is what the tables show.
 */
function medianRound(rounds: SignedInRound[]): SignedInRound {
  const sorted = [...rounds].sort((a, b) => shareOfFloor(a) - shareOfFloor(b));
  const median = sorted[(sorted.length - 1) >> 1];
  if (!median) throw new Error('no rounds measured');
  return median;
}
