import { describe, expect, it, vi } from 'vitest';
import type { EndpointResult, SignedInRound } from './endpoints';
import type { Measurement } from './http';
import { TARGETS, markdownReport, verdicts, videoReviewVerdicts, type Report } from './report';
import type { VideoReviewResult } from './video-review';

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

/** The large dataset with one write at `rps` beside pgbench's 2,000 tx/s, its floor's p99 20 ms. */
function writeReportOf(rps: number): Report {
  const report = reportOf([round(1_500, 8, 4), round(1_500, 8, 4), round(1_500, 8, 4)]);
  const large = report.datasets.large!;
  large.pgbench = { tps: 2_000, clients: 50, durationS: 15 };
  large.endpoints = [
    {
      name: 'follow-up answer',
      kind: 'write',
      route: 'POST /api/questions/:id/messages',
      measurement: measured(rps, 90),
      floor: measured(3_000, 20),
    },
  ];
  return report;
}

describe("a write's verdict (issue 37)", () => {
  it('is met at 0.25 × pgbench in the same run and missed below', () => {
    expect(TARGETS.writeRatio).toBe(0.25);
    expect(verdicts(writeReportOf(500))).toEqual([
      {
        check: 'write follow-up answer',
        figure: "0.250× pgbench, p99 90 ms (the floor's 20 ms)",
        target: '≥ 0.25× pgbench',
        met: true,
      },
    ]);
    expect(verdicts(writeReportOf(499))[0]).toMatchObject({ met: false });
  });

  it("shows the write's p99 beside the floor's measured right before it", () => {
    expect(markdownReport(writeReportOf(500))).toContain(
      "| ↳ the one-query floor right before it: 3000 req/s, p99 20 ms; the write's p99 4.5× the floor's |",
    );
  });
});

/** A review phase that meets every target; each test spoils one figure. */
function reviewOf(): VideoReviewResult {
  const recording = {
    file: 'recording.webm',
    sizeMB: 50,
    width: 1280,
    height: 720,
    durationS: 180,
    frames: 5_400,
    framesTarget: 5_292,
    video: { codec: 'vp9', start: 0, end: 180 },
    audio: { codec: 'opus', start: 0.01, end: 180.02 },
    startGapMs: 10,
    endGapMs: 20,
    ffprobeFrames: 5_400,
    repeated: 0,
    skipped: 0,
    unreadable: 0,
    sync: { clicks: 179, phaseFirstMs: 120, phaseLastMs: 130, driftMaxMs: 14, driftLastMs: 10 },
  };
  return {
    clip: { width: 1920, height: 1080, rate: 60, seconds: 10 },
    syncClip: { width: 1280, height: 720, rate: 60, seconds: 200 },
    cpuSlowdown: 4,
    load: { drawing: 1, steps: 1, recording: 1, upload: 1, transcode: 1 },
    drawing: {
      seconds: 5,
      strokes: 5,
      frames: 290,
      fps: 58,
      animationFrames: 290,
      droppedFrames: 10,
      mainThreadBusy: 0.5,
      pointerMoves: 600,
      pointerSeconds: 5,
    },
    steps: {
      forward: 100,
      back: 100,
      p50Ms: 40,
      p95Ms: 90,
      maxMs: 120,
      wrong: 0,
      timedOut: 0,
      blackFlashes: 0,
    },
    recordSeconds: 180,
    recordingRate: 30,
    recordingThreads: [{ thread: 'renderer CrRendererMain', cpuSeconds: 60 }],
    recordingWall: 182,
    before: recording,
    after: { ...recording, file: 'review.mp4' },
    keepingFrameTimes: { seconds: 60, speed: 3, figures: { ...recording, file: 'review-vfr.mp4' } },
    upload: { sizeMB: 50, seconds: 2, rssBeforeMB: 200, rssPeakMB: 230, rssGrowthMB: 30 },
    transcode: {
      ffmpegSeconds: 90,
      ffmpegCpuSeconds: 160,
      draftToReadySeconds: 95,
      claimToReadySeconds: 93,
      speed: 2,
      status: 'ready',
    },
  };
}

const reviewVerdict = (v: VideoReviewResult, check: string) =>
  videoReviewVerdicts(v).find((x) => x.check === `video review: ${check}`);

describe("the video review studio's verdicts (issue 38)", () => {
  it('meet every target with figures inside them, and judge both files', () => {
    const all = videoReviewVerdicts(reviewOf());
    expect(all.map((v) => v.check)).toEqual([
      'video review: frames a second while drawing',
      'video review: frame step p95',
      'video review: recording frames',
      'video review: recording audio/video sync',
      'video review: transcoded frames',
      'video review: transcoded audio/video sync',
      'video review: upload server RSS growth',
      'video review: transcode speed',
    ]);
    expect(all.every((v) => v.met)).toBe(true);
  });

  it('miss the frames below 0.98 × duration × the recorder rate', () => {
    const v = reviewOf();
    v.before = { ...v.before, frames: 5_291 };
    expect(reviewVerdict(v, 'recording frames')).toMatchObject({
      target: '≥ 0.98 × duration × 30 = 5292',
      met: false,
    });
    expect(reviewVerdict(v, 'transcoded frames')?.met).toBe(true);
  });

  it('miss the sync when the phase moves, the tracks start apart, or no click was heard', () => {
    const drift = reviewOf();
    drift.before = {
      ...drift.before,
      sync: { ...drift.before.sync!, driftMaxMs: 51 },
    };
    expect(reviewVerdict(drift, 'recording audio/video sync')?.met).toBe(false);
    const apart = reviewOf();
    apart.after = { ...apart.after!, startGapMs: 60 };
    expect(reviewVerdict(apart, 'transcoded audio/video sync')?.met).toBe(false);
    const silent = reviewOf();
    silent.before = { ...silent.before, sync: null };
    expect(reviewVerdict(silent, 'recording audio/video sync')).toMatchObject({
      figure: 'no clicks found',
      met: false,
    });
  });

  it('miss the steps on the p95, and on any step that did not land on the adjacent frame', () => {
    const slow = reviewOf();
    slow.steps = { ...slow.steps, p95Ms: 101 };
    expect(reviewVerdict(slow, 'frame step p95')?.met).toBe(false);
    const off = reviewOf();
    off.steps = { ...off.steps, wrong: 1 };
    expect(reviewVerdict(off, 'frame step p95')?.met).toBe(false);
  });

  it('miss the drawing below 50 frames a second, the RSS above 64 MB, a slow or failed transcode', () => {
    const v = reviewOf();
    v.drawing = { ...v.drawing, fps: 49.9 };
    v.upload = { ...v.upload, rssGrowthMB: 64.1 };
    v.transcode = { ...v.transcode, speed: 0.99 };
    expect(reviewVerdict(v, 'frames a second while drawing')?.met).toBe(false);
    expect(reviewVerdict(v, 'upload server RSS growth')?.met).toBe(false);
    expect(reviewVerdict(v, 'transcode speed')?.met).toBe(false);
    const failed = reviewOf();
    failed.transcode = { ...failed.transcode, status: 'failed' };
    expect(reviewVerdict(failed, 'transcode speed')?.met).toBe(false);
  });
});
