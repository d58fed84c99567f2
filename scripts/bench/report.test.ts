import { describe, expect, it, vi } from 'vitest';
import type { EndpointResult, SignedInRound } from './endpoints';
import type { Measurement } from './http';
import { TARGETS, verdicts, type Report } from './report';

// The verdicts need only the upload targets, not the S3 client and server that upload.ts loads.
vi.mock('./upload', () => ({ UPLOAD_TARGETS: { rssGrowthMB: 64, speedRatio: 0.5 } }));

const measured = (rps: number, p99: number): Measurement => ({
  rps,
  p50: p99 / 2,
  p99,
  mean: p99 / 2,
  requests: rps * 15,
  durationS: 15,
  status: { '200': rps * 15 },
  non2xx: 0,
  errors: 0,
});

/** A round: the floor and the read at 50 connections, then their p99s at 10. */
const round = (readRps: number, readP99: number, floorP99: number): SignedInRound => ({
  floor: measured(3_000, 30),
  read: measured(readRps, 60),
  latency: {
    connections: TARGETS.latencyConnections,
    floor: measured(4_000, floorP99),
    read: measured(1_500, readP99),
  },
});

/**
 * The large dataset with one signed-in read: its statement alone at 4,000/s and `select 1` at
 * 60,000/s put its ceiling at 1 / (1/3,000 − 1/60,000 + 1/4,000) ≈ 1,765 req/s beside a floor of
 * 3,000, so 0.8 × it is 1,412 req/s.
 */
function reportOf(rounds: SignedInRound[]): Report {
  const read: EndpointResult = {
    name: 'busiest coach inbox',
    kind: 'signed-in read',
    route: 'GET /api/questions/coach-inbox',
    measurement: rounds[1]!.read,
    floor: rounds[1]!.floor,
    rounds,
  };
  return {
    startedAt: '2026-11-28T00:00:00.000Z',
    machine: {},
    loadAverage: { start: [0, 0, 0] },
    options: {},
    errors: [],
    datasets: {
      large: {
        shape: { users: 1, coaches: 1, questions: 1 },
        fixtures: {},
        baseline: {
          name: 'baseline',
          kind: 'baseline',
          route: 'GET /',
          measurement: measured(1, 1),
        },
        endpoints: [read],
        statements: {
          selectOne: 60_000,
          reads: { 'busiest coach inbox': 4_000 },
          selectOneBeside: { 'busiest coach inbox': 60_000 },
        },
      },
    },
  };
}

const verdictOf = (report: Report, check: string) =>
  verdicts(report).find((v) => v.check === `signed-in read busiest coach inbox ${check}`);

describe("a signed-in read's verdicts (ADR 079)", () => {
  it('meet the ceiling only when every round reaches 0.8 × it, and say in how many it did', () => {
    const twoOfThree = reportOf([round(1_500, 8, 4), round(1_300, 8, 4), round(1_450, 8, 4)]);
    expect(verdictOf(twoOfThree, 'of its ceiling')).toMatchObject({
      figure: '0.85, 0.74, 0.82× its ceiling: 2 of 3 rounds',
      met: false,
    });
    const all = reportOf([round(1_500, 8, 4), round(1_420, 8, 4), round(1_450, 8, 4)]);
    expect(verdictOf(all, 'of its ceiling')).toMatchObject({ met: true });
  });

  it("judge the p99 at 10 connections against twice the floor's of the same round", () => {
    const report = reportOf([round(1_500, 8, 4), round(1_500, 9.1, 4.5), round(1_500, 8, 4.1)]);
    expect(verdictOf(report, 'p99 at 10 connections')).toMatchObject({
      figure: "8/4, 9.1/4.5, 8/4.1 ms (the read's/the floor's): 2 of 3 rounds",
      met: false,
    });
    const met = reportOf([round(1_500, 8, 4), round(1_500, 9, 4.5), round(1_500, 3, 4)]);
    expect(verdictOf(met, 'p99 at 10 connections')).toMatchObject({ met: true });
  });

  it('no longer judge the p99 at 50 connections against a fixed figure', () => {
    const report = reportOf([round(1_500, 8, 4), round(1_500, 8, 4), round(1_500, 8, 4)]);
    expect(verdicts(report).map((v) => v.target)).toEqual([
      `≥ ${TARGETS.signedInReadRatio}× one-query floor`,
      `≥ ${TARGETS.ceilingShare}× its ceiling in every round`,
      `≤ ${TARGETS.floorP99Multiple}× the floor's p99 in the same round, every round`,
    ]);
  });
});
