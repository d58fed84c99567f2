/** The bench's verdicts against issue 7's targets, the printed table and the JSON file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ONE_QUERY_FLOOR, type Shape } from './constants';
import type { Size } from './db';
import type { EndpointResult, SignedInRound } from './endpoints';
import type { InpResult } from './inp';
import { UPLOAD_TARGETS, type UploadResult } from './upload';
import type { VideoReviewResult } from './video-review';
import type { LighthouseResult } from './lighthouse';
import type { LoadResult } from './load';
import type { PgbenchResult } from './pgbench';
import type { IdleLevel, SseLatency } from './realtime';
import type { StatementRates } from './statement-ceiling';
import { round } from './stats';

/**
 * Public reads against hello-world (issues 7 and 12); signed-in reads against the one-query floor
 * and writes against pgbench's simple-update, both measured in the same run (issue 14; the writes'
 * ratio is issue 37's, each write's p99 shown beside the floor's); and each signed-in read against
 * its own ceiling (issue 23: the question page, the inbox, My Questions) and its p99 against the
 * floor's, in every round (ADR 079).
 */
export const TARGETS = {
  readRatio: 0.3,
  readP99Ms: 50,
  signedInReadRatio: 0.7,
  ceilingShare: 0.8,
  /** A signed-in read's p99 at most this multiple of the floor's, both at `latencyConnections`. */
  floorP99Multiple: 2,
  latencyConnections: 10,
  writeRatio: 0.25,
  p50Growth: 0.3,
  /**
   * The video review studio (issue 38): frames a second while drawing and the frame-step p95 at
   * CPU ×4 on a 1080p 60 fps clip; a 3-minute recording's frames against 0.98 × duration × its
   * frame rate and its sound against its picture; the upload's server RSS growth; the transcode's
   * speed against real time.
   */
  videoReview: {
    drawingFps: 50,
    stepP95Ms: 100,
    framesShare: 0.98,
    syncMs: 50,
    rssGrowthMB: 64,
    transcodeSpeed: 1,
  },
};

export interface DatasetReport {
  shape: Shape;
  fixtures: Record<string, string | number>;
  baseline: EndpointResult;
  endpoints: EndpointResult[];
  /** `pgbench -b simple-update` on the same server, in the same run: the writes' reference. */
  pgbench?: PgbenchResult;
  /** The signed-in reads' statements and `SELECT 1` run by pgbench alone (statement-ceiling.ts). */
  statements?: StatementRates;
}

export interface Report {
  startedAt: string;
  finishedAt?: string;
  machine: Record<string, string | number>;
  /** The machine's 1/5/15-minute load averages when the run started and ended (it is shared). */
  loadAverage: { start: number[]; end?: number[] };
  options: Record<string, unknown>;
  datasets: Partial<Record<Size, DatasetReport>>;
  costGrowth?: CostGrowth[];
  realtime?: { latency?: SseLatency; idle?: IdleLevel[] };
  lighthouse?: LighthouseResult[];
  /** Interaction to Next Paint of one scripted interaction per page (issue 26). */
  inp?: InpResult[];
  load?: LoadResult;
  /** A 200 MB video through the resumable uploads, per storage driver (issue 23). */
  upload?: UploadResult[];
  /** The video review studio's drawing, frame steps, recording, upload and transcode (issue 38). */
  videoReview?: VideoReviewResult;
  verdicts?: Verdict[];
  /** Phases that failed; the rest of the run went on. */
  errors: { phase: string; message: string }[];
}

export interface CostGrowth {
  endpoint: string;
  smallP50: number;
  largeP50: number;
  growth: number;
  met: boolean;
}

export interface Verdict {
  check: string;
  figure: string;
  target: string;
  met: boolean;
  /**
   * False when the target is above the read's ceiling here (`ceilingRatio`): no change to the app's
   * Node side could meet it on this machine.
   */
  reachable?: boolean;
}

export function machine(postgres: string): Record<string, string | number> {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    postgres,
  };
}

/** What an endpoint is compared with: its name and its rate, or null when it has no target. */
function reference(r: EndpointResult, d: DatasetReport): { name: string; rps: number } | null {
  if (r.kind === 'read') return { name: 'hello-world', rps: d.baseline.measurement.rps };
  if (r.kind === 'signed-in read') {
    const floor = r.floor ?? d.endpoints.find((e) => e.name === ONE_QUERY_FLOOR)?.measurement;
    return floor ? { name: ONE_QUERY_FLOOR, rps: floor.rps } : null;
  }
  if (r.kind === 'write') return d.pgbench ? { name: 'pgbench', rps: d.pgbench.tps } : null;
  return null;
}

/** The endpoint's rate as a multiple of its reference (of hello-world for the others). */
const ratio = (r: EndpointResult, d: DatasetReport) => {
  const rps = reference(r, d)?.rps ?? d.baseline.measurement.rps;
  return rps > 0 ? r.measurement.rps / rps : 0;
};

function targetText(r: EndpointResult, d: DatasetReport): string {
  const ref = reference(r, d)?.name ?? '';
  if (r.kind === 'read') return `≥ ${TARGETS.readRatio}× ${ref}, p99 ≤ ${TARGETS.readP99Ms} ms`;
  if (r.kind === 'signed-in read') return `≥ ${TARGETS.signedInReadRatio}× ${ref}`;
  if (r.kind === 'write') return `≥ ${TARGETS.writeRatio}× ${ref}`;
  return '';
}

/**
 * The most a signed-in read could do here, as a multiple of the one-query floor (`floorRps`, that of
 * the median round unless given): the floor's request (HTTP, the app's pipeline, autocannon) with its
 * `SELECT 1` swapped for the read's own statement, each statement costed by pgbench alone. Both runs
 * keep the two cores busy, so time per request adds up: 1 / (1/floor − 1/select-1 + 1/statement).
 * Nothing the Node side drops can pass it.
 */
function ceilingRatio(
  r: EndpointResult,
  d: DatasetReport,
  floorRps = reference(r, d)?.rps,
): number | undefined {
  const statement = d.statements?.reads[r.name];
  const selectOne = d.statements?.selectOneBeside?.[r.name] ?? d.statements?.selectOne;
  if (r.kind !== 'signed-in read' || !floorRps || !statement || !selectOne) return undefined;
  return 1 / (1 / floorRps - 1 / selectOne + 1 / statement) / floorRps;
}

/**
 * What share of its own ceiling a signed-in read reached (in its median round, or in `round`): 1
 * would leave nothing to Node's work.
 */
function ceilingShare(
  r: EndpointResult,
  d: DatasetReport,
  round?: SignedInRound,
): number | undefined {
  const ceiling = ceilingRatio(r, d, round?.floor.rps);
  if (ceiling === undefined) return undefined;
  return round ? round.read.rps / round.floor.rps / ceiling : ratio(r, d) / ceiling;
}

const clean = (m: { non2xx: number; errors: number }) => m.non2xx === 0 && m.errors === 0;

/** Whether a round's read kept its p99 within the multiple of its floor's, both at fewer connections. */
const latencyMet = ({ latency }: SignedInRound) =>
  clean(latency.read) && latency.read.p99 <= TARGETS.floorP99Multiple * latency.floor.p99;

/** One line per round of a signed-in read: its pair's rates and share, then its pair's p99s. */
function roundsText(r: EndpointResult, d: DatasetReport): string[] {
  return (r.rounds ?? []).map((round, i) => {
    const share = ceilingShare(r, d, round);
    const { latency } = round;
    return (
      `round ${i + 1}: floor ${round.floor.rps.toFixed(0)} req/s, the read ${round.read.rps.toFixed(0)}` +
      (share === undefined ? '' : ` (${share.toFixed(2)}× its ceiling)`) +
      `; at ${latency.connections} connections p99 ${latency.read.p99} ms, the floor's ${latency.floor.p99} ms ` +
      `(${(latency.read.p99 / latency.floor.p99).toFixed(2)}×)`
    );
  });
}

/** The row under a signed-in read that shows its statement alone, its ceiling and its share of it. */
const ceilingText = (r: EndpointResult, d: DatasetReport) => {
  const ceiling = ceilingRatio(r, d);
  if (ceiling === undefined) return undefined;
  return (
    `its statement alone (pgbench) ${d.statements?.reads[r.name]?.toFixed(0)}/s, ` +
    `select 1 alone ${(d.statements?.selectOneBeside?.[r.name] ?? d.statements?.selectOne)?.toFixed(0)}/s, ` +
    `floor beside it ${reference(r, d)?.rps.toFixed(0)} req/s: ceiling ${ceiling.toFixed(3)}× ${ONE_QUERY_FLOOR}; ` +
    `the read ${ceilingShare(r, d)?.toFixed(2)}× its ceiling`
  );
};

/** A write's p99 beside that of the one-query floor measured right before it (issue 37). */
function floorP99Text(r: EndpointResult): string | undefined {
  if (r.kind !== 'write' || !r.floor) return undefined;
  const { rps, p99 } = r.floor;
  return (
    `the one-query floor right before it: ${rps.toFixed(0)} req/s, p99 ${p99} ms; ` +
    `the write's p99 ${(r.measurement.p99 / p99).toFixed(1)}× the floor's`
  );
}

/** Whether one endpoint meets its target (only the large dataset is judged). */
export function endpointVerdict(r: EndpointResult, d: DatasetReport): boolean | null {
  if (!reference(r, d)) return null;
  const x = ratio(r, d);
  const ok = clean(r.measurement);
  if (r.kind === 'read')
    return ok && x >= TARGETS.readRatio && r.measurement.p99 <= TARGETS.readP99Ms;
  if (r.kind === 'signed-in read') return ok && x >= TARGETS.signedInReadRatio;
  return ok && x >= TARGETS.writeRatio;
}

export function costGrowth(small: DatasetReport, large: DatasetReport): CostGrowth[] {
  return large.endpoints
    .filter((r) => r.kind === 'read' || r.kind === 'signed-in read')
    .flatMap((r) => {
      const s = small.endpoints.find((e) => e.name === r.name);
      if (!s) return [];
      const growth = s.measurement.p50 > 0 ? r.measurement.p50 / s.measurement.p50 - 1 : 0;
      return [
        {
          endpoint: r.name,
          smallP50: s.measurement.p50,
          largeP50: r.measurement.p50,
          growth,
          met: growth <= TARGETS.p50Growth,
        },
      ];
    });
}

/** How many of a read's rounds met a check, as `k of n`, and whether all did. */
function inEveryRound(rounds: SignedInRound[], met: (round: SignedInRound, i: number) => boolean) {
  const k = rounds.filter(met).length;
  return { text: `${k} of ${rounds.length}`, met: rounds.length > 0 && k === rounds.length };
}

/**
 * A recording's verdicts: its frames against 0.98 × duration × the recorder's rate, and its sound
 * against its picture (the tracks' starts and ends, and the click's phase after the flash, each
 * within the sync target).
 */
function recordingVerdicts(
  name: string,
  r: VideoReviewResult['before'],
  recordingRate: number,
): Verdict[] {
  const t = TARGETS.videoReview;
  const target = t.framesShare * r.durationS * recordingRate;
  const sync = r.sync;
  const syncMet =
    sync !== null &&
    r.startGapMs <= t.syncMs &&
    r.endGapMs <= t.syncMs &&
    sync.driftMaxMs <= t.syncMs;
  return [
    {
      check: `video review: ${name} frames`,
      figure:
        `${r.frames} frames in ${r.durationS.toFixed(2)} s (${(r.frames / r.durationS).toFixed(2)}/s; ` +
        `${r.repeated} repeated, ${r.skipped} skipped)`,
      target: `≥ ${t.framesShare} × duration × ${recordingRate} = ${target.toFixed(0)}`,
      met: r.frames >= target,
    },
    {
      check: `video review: ${name} audio/video sync`,
      figure: sync
        ? `starts ${r.startGapMs.toFixed(0)} ms apart, ends ${r.endGapMs.toFixed(0)} ms; click after flash ` +
          `${sync.phaseFirstMs.toFixed(0)} → ${sync.phaseLastMs.toFixed(0)} ms, moved at most ` +
          `${sync.driftMaxMs.toFixed(0)} ms over ${sync.clicks} clicks`
        : 'no clicks found',
      target: `≤ ${t.syncMs} ms`,
      met: syncMet,
    },
  ];
}

/** The video review phase's verdicts (issue 38, "Measured"). */
export function videoReviewVerdicts(v: VideoReviewResult): Verdict[] {
  const t = TARGETS.videoReview;
  const out: Verdict[] = [
    {
      check: 'video review: frames a second while drawing',
      figure:
        `${v.drawing.fps.toFixed(1)} (${v.drawing.frames} DrawFrame in ${v.drawing.seconds.toFixed(1)} s; ` +
        `CPU ×${v.cpuSlowdown}, load ${v.load.drawing.toFixed(1)})`,
      target: `≥ ${t.drawingFps}`,
      met: v.drawing.fps >= t.drawingFps,
    },
    {
      check: 'video review: frame step p95',
      figure:
        `${v.steps.p95Ms.toFixed(0)} ms (p50 ${v.steps.p50Ms.toFixed(0)}, max ${v.steps.maxMs.toFixed(0)}; ` +
        `${v.steps.wrong} off the adjacent frame, ${v.steps.timedOut} timed out; CPU ×${v.cpuSlowdown}, ` +
        `load ${v.load.steps.toFixed(1)})`,
      target: `≤ ${t.stepP95Ms} ms, every step on the adjacent frame`,
      met: v.steps.p95Ms <= t.stepP95Ms && v.steps.wrong === 0 && v.steps.timedOut === 0,
    },
    ...recordingVerdicts('recording', v.before, v.recordingRate),
    ...(v.after ? recordingVerdicts('transcoded', v.after, v.recordingRate) : []),
    {
      check: 'video review: upload server RSS growth',
      figure: `+${v.upload.rssGrowthMB.toFixed(1)} MB (${v.upload.sizeMB.toFixed(1)} MB recording)`,
      target: `≤ ${t.rssGrowthMB} MB`,
      met: v.upload.rssGrowthMB <= t.rssGrowthMB,
    },
    {
      check: 'video review: transcode speed',
      figure:
        `${v.transcode.speed.toFixed(2)}× real time (${v.before.durationS.toFixed(1)} s recorded; ffmpeg ` +
        `ran ${v.transcode.ffmpegSeconds.toFixed(1)} s, ${v.transcode.status}` +
        (v.transcode.stoppedAtProgress === undefined
          ? ''
          : `, stopped at ${v.transcode.stoppedAtProgress} %, speed from its progress`) +
        `; load ${v.load.transcode.toFixed(1)})`,
      target: `≥ ${t.transcodeSpeed}×`,
      met: v.transcode.status === 'ready' && v.transcode.speed >= t.transcodeSpeed,
    },
  ];
  return out;
}

export function verdicts(report: Report): Verdict[] {
  const out: Verdict[] = [];
  const large = report.datasets.large;
  if (large) {
    for (const r of large.endpoints) {
      const met = endpointVerdict(r, large);
      if (met === null) continue;
      const ceiling = ceilingRatio(r, large);
      out.push({
        check: `${r.kind} ${r.name}`,
        figure:
          `${ratio(r, large).toFixed(3)}× ${reference(r, large)?.name}, p99 ${r.measurement.p99} ms` +
          (r.kind === 'write' && r.floor ? ` (the floor's ${r.floor.p99} ms)` : '') +
          (r.measurement.non2xx ? `, ${r.measurement.non2xx} non-2xx` : '') +
          (ceiling === undefined ? '' : `; ceiling ${ceiling.toFixed(3)}×`),
        target: targetText(r, large),
        met,
        ...(ceiling === undefined ? {} : { reachable: ceiling >= TARGETS.signedInReadRatio }),
      });
      const rounds = r.rounds ?? [];
      if (rounds.length === 0) continue;
      if (ceiling !== undefined) {
        const shares = rounds.map((round) => ceilingShare(r, large, round) ?? 0);
        const throughput = inEveryRound(
          rounds,
          (round, i) => clean(round.read) && (shares[i] ?? 0) >= TARGETS.ceilingShare,
        );
        out.push({
          check: `${r.kind} ${r.name} of its ceiling`,
          figure: `${shares.map((x) => x.toFixed(2)).join(', ')}× its ceiling: ${throughput.text} rounds`,
          target: `≥ ${TARGETS.ceilingShare}× its ceiling in every round`,
          met: throughput.met,
        });
      }
      const latency = inEveryRound(rounds, latencyMet);
      const connections = rounds[0]?.latency.connections;
      out.push({
        check: `${r.kind} ${r.name} p99 at ${connections} connections`,
        figure:
          `${rounds.map(({ latency: l }) => `${l.read.p99}/${l.floor.p99}`).join(', ')} ms ` +
          `(the read's/the floor's): ${latency.text} rounds`,
        target: `≤ ${TARGETS.floorP99Multiple}× the floor's p99 in the same round, every round`,
        met: latency.met,
      });
    }
  }
  for (const g of report.costGrowth ?? []) {
    out.push({
      check: `p50 growth ${g.endpoint}`,
      figure: `${g.smallP50} → ${g.largeP50} ms (${(g.growth * 100).toFixed(0)}%)`,
      target: `≤ ${TARGETS.p50Growth * 100}%`,
      met: g.met,
    });
  }
  const load = report.load;
  if (load) {
    out.push({
      check: 'load: no 5xx',
      figure: `${load.fiveXx} 5xx, ${load.networkErrors} network errors`,
      target: '0',
      met: load.fiveXx === 0 && load.networkErrors === 0,
    });
    out.push({
      check: 'load: no lost writes',
      figure: `${load.writes.lost} lost of ${load.writes.asksAcknowledged + load.writes.answersAcknowledged}`,
      target: '0',
      met:
        load.writes.lost === 0 &&
        load.writes.payoutsWithoutAnswer === 0 &&
        load.writes.doubledPayouts === 0,
    });
  }
  for (const u of report.upload ?? []) {
    out.push({
      check: `upload ${u.sizeMB} MB (${u.driver}): server RSS growth`,
      figure: `+${u.rssGrowthMB.toFixed(1)} MB`,
      target: `≤ ${UPLOAD_TARGETS.rssGrowthMB} MB`,
      met: u.rssGrowthMB <= UPLOAD_TARGETS.rssGrowthMB,
    });
    out.push({
      check: `upload ${u.sizeMB} MB (${u.driver}): speed vs direct write`,
      figure:
        `${u.uploadMBps.toFixed(0)} vs ${u.directMBps.toFixed(0)} MB/s (${u.speedRatio.toFixed(2)}×)` +
        (u.floorMBps === undefined
          ? ''
          : `; HTTP floor ${u.floorMBps.toFixed(0)} MB/s (${(u.floorMBps / u.directMBps).toFixed(2)}×)`),
      target: `≥ ${UPLOAD_TARGETS.speedRatio}×`,
      met: u.speedRatio >= UPLOAD_TARGETS.speedRatio,
    });
  }
  if (report.videoReview) out.push(...videoReviewVerdicts(report.videoReview));
  return out;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

export function printReport(report: Report, log: (line: string) => void): void {
  for (const [size, d] of Object.entries(report.datasets)) {
    if (!d) continue;
    log('');
    log(
      `Dataset ${size}: ${d.shape.users} users, ${d.shape.coaches} Coaches, ${d.shape.questions} questions`,
    );
    log(
      `${'endpoint'.padEnd(24)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('× ref', 8)}  target`,
    );
    if (d.pgbench)
      log(`${'pgbench simple-update'.padEnd(24)}${pad(d.pgbench.tps.toFixed(0), 9)} tx/s`);
    for (const r of [d.baseline, ...d.endpoints]) {
      const met = size === 'large' ? endpointVerdict(r, d) : null;
      log(
        `${r.name.padEnd(24)}${pad(r.measurement.rps.toFixed(0), 9)}${pad(r.measurement.p50, 8)}` +
          `${pad(r.measurement.p99, 8)}${pad(ratio(r, d).toFixed(3), 8)}  ` +
          `${targetText(r, d)} ${met === null ? '' : met ? 'met' : 'MISSED'}`,
      );
      const detail = ceilingText(r, d) ?? floorP99Text(r);
      if (detail) log(`${''.padEnd(24)}${detail}`);
      for (const line of roundsText(r, d)) log(`${''.padEnd(24)}${line}`);
    }
  }
  if (report.costGrowth?.length) {
    log('');
    log('Cost growth (p50, small → large)');
    for (const g of report.costGrowth) {
      log(
        `${g.endpoint.padEnd(24)}${pad(g.smallP50, 6)} → ${pad(g.largeP50, 4)} ms ${pad(`${(g.growth * 100).toFixed(0)}%`, 6)}  ${g.met ? 'met' : 'MISSED'}`,
      );
    }
  }
  const rt = report.realtime;
  if (rt?.latency) {
    const l = rt.latency;
    log('');
    log(
      `Realtime: answer → Player's SSE event over ${l.answers} answers: p50 ${l.p50.toFixed(1)} ms, ` +
        `p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms (${l.received}/${l.answers} received)`,
    );
  }
  for (const i of rt?.idle ?? []) {
    log(
      `Idle SSE: ${i.opened} connections held, server RSS ${i.rssMB.toFixed(0)} MB ` +
        `(+${i.kbPerConnection.toFixed(1)} KB each), home list p50 ${i.homeP50Ms.toFixed(1)} ms`,
    );
  }
  if (report.lighthouse?.length) {
    log('');
    for (const l of report.lighthouse) {
      log(
        `Lighthouse ${`${l.page} (${l.formFactor})`.padEnd(24)} performance ${pad(l.score, 3)}  ` +
          `FCP ${l.fcpMs.toFixed(0)} ms, LCP ${l.lcpMs.toFixed(0)} ms, TBT ${l.tbtMs.toFixed(0)} ms, CLS ${l.cls.toFixed(3)}`,
      );
    }
  }
  for (const i of report.inp ?? []) {
    log(
      `INP ${i.page.padEnd(14)} ${pad(i.inpMs, 4)} ms  (${i.interaction}; runs ${i.runsMs.join(', ')})`,
    );
  }
  if (report.load) {
    const l = report.load;
    log('');
    log(
      `Load: ${l.users} users for ${l.durationS.toFixed(0)} s (think ${l.thinkMs} ms): ${l.requests} requests, ` +
        `${l.rps.toFixed(0)} req/s, ${l.fiveXx} 5xx, ${l.networkErrors} network errors`,
    );
    log(
      `${'step'.padEnd(20)}${pad('requests', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}  statuses`,
    );
    for (const s of l.steps) {
      log(
        `${s.step.padEnd(20)}${pad(s.requests, 10)}${pad(s.p50.toFixed(1), 9)}${pad(s.p99.toFixed(1), 9)}  ${JSON.stringify(s.status)}`,
      );
    }
    const w = l.writes;
    log(
      `Writes: ${w.asksAcknowledged} asks acknowledged, ${w.asksFound} found; ${w.answersAcknowledged} answers ` +
        `acknowledged, ${w.answersFoundWithPayout} found with payout; lost ${w.lost}; payouts without answer ` +
        `${w.payoutsWithoutAnswer}; doubled payouts ${w.doubledPayouts}`,
    );
  }
  if (report.videoReview) {
    log('');
    for (const line of videoReviewLines(report.videoReview)) log(`Video review: ${line}`);
  }
  for (const e of report.errors) log(`FAILED phase ${e.phase}: ${e.message}`);
  if (report.verdicts?.length) {
    log('');
    log('Targets');
    for (const v of report.verdicts) {
      log(
        `${v.met ? 'met   ' : 'MISSED'}  ${v.check.padEnd(34)} ${v.figure}  (target ${v.target})` +
          (v.reachable === false ? '  out of reach here' : ''),
      );
    }
  }
}

/** What the video review phase measured, a line each, beyond its verdicts' figures. */
function videoReviewLines(v: VideoReviewResult): string[] {
  const clip = (c: VideoReviewResult['clip']) =>
    `${c.width}×${c.height} ${c.rate} fps, ${c.seconds} s`;
  const file = (name: string, r: VideoReviewResult['before']) =>
    `${name}: ${r.video.codec}/${r.audio?.codec ?? 'no audio'} ${r.width}×${r.height}, ${r.sizeMB.toFixed(1)} MB, ` +
    `${r.durationS.toFixed(2)} s, ${r.frames} frames (ffprobe ${r.ffprobeFrames}), video ` +
    `${r.video.start.toFixed(3)}–${r.video.end.toFixed(3)} s, audio ${r.audio ? `${r.audio.start.toFixed(3)}–${r.audio.end.toFixed(3)} s` : '–'}; ` +
    `source frames repeated ${r.repeated}, skipped ${r.skipped}, unreadable ${r.unreadable}` +
    (r.sync
      ? `; click after flash ${r.sync.phaseFirstMs.toFixed(0)} → ${r.sync.phaseLastMs.toFixed(0)} ms (moved at most ${r.sync.driftMaxMs.toFixed(0)} ms, ${r.sync.clicks} clicks)`
      : '');
  return [
    `drawing on a ${clip(v.clip)} clip at CPU ×${v.cpuSlowdown} (load ${v.load.drawing.toFixed(2)}): ` +
      `${v.drawing.fps.toFixed(1)} frames/s, ${v.drawing.frames} DrawFrame in ${v.drawing.seconds.toFixed(2)} s of ` +
      `${v.drawing.strokes} strokes; ${v.drawing.animationFrames} animation frames, ${v.drawing.droppedFrames} dropped; ` +
      `main thread busy ${(v.drawing.mainThreadBusy * 100).toFixed(0)} %; ${v.drawing.pointerMoves} pointer moves in ` +
      `${v.drawing.pointerSeconds.toFixed(1)} s`,
    `frame steps (load ${v.load.steps.toFixed(2)}): ${v.steps.forward} forward and ${v.steps.back} back, p50 ` +
      `${v.steps.p50Ms.toFixed(0)} ms, p95 ${v.steps.p95Ms.toFixed(0)} ms, max ${v.steps.maxMs.toFixed(0)} ms; ` +
      `${v.steps.wrong} off the adjacent frame, ${v.steps.timedOut} timed out, ${v.steps.blackFlashes} showed black first`,
    `recorded ${v.recordSeconds} s on a ${clip(v.syncClip)} clip playing (load ${v.load.recording.toFixed(2)}); ` +
      `Chromium's busiest threads over its ${v.recordingWall.toFixed(0)} s (CPU s): ` +
      v.recordingThreads.map((t) => `${t.thread} ${t.cpuSeconds.toFixed(1)}`).join(', '),
    file('recording', v.before),
    ...(v.after ? [file('transcoded', v.after)] : []),
    `the same transcode with -fps_mode vfr, run by the bench: ${v.keepingFrameTimes.seconds.toFixed(1)} s, ` +
      `${v.keepingFrameTimes.speed.toFixed(2)}× real time`,
    file('transcoded with -fps_mode vfr', v.keepingFrameTimes.figures),
    `upload (load ${v.load.upload.toFixed(2)}): ${v.upload.sizeMB.toFixed(1)} MB in ${v.upload.seconds.toFixed(1)} s, ` +
      `server RSS ${v.upload.rssBeforeMB.toFixed(0)} → peak ${v.upload.rssPeakMB.toFixed(0)} MB (+${v.upload.rssGrowthMB.toFixed(1)} MB)`,
    `transcode (load ${v.load.transcode.toFixed(2)}): ffmpeg ${v.transcode.ffmpegSeconds.toFixed(1)} s wall, ` +
      `${v.transcode.ffmpegCpuSeconds.toFixed(1)} s CPU, ${v.transcode.speed.toFixed(2)}× real time; the job's claim → ready ` +
      `${v.transcode.claimToReadySeconds.toFixed(1)} s, the draft → ready ${v.transcode.draftToReadySeconds.toFixed(1)} s`,
  ];
}

/** The same figures as Markdown tables (what bench/LATEST.md is made from). */
export function markdownReport(report: Report): string {
  const lines: string[] = [];
  const m = report.machine;
  lines.push(`# Bench run of ${report.startedAt.slice(0, 10)}`, '');
  lines.push(
    `Started ${report.startedAt}, finished ${report.finishedAt ?? '?'}. Machine: ${m.cpus} × ${m.cpuModel}, ` +
      `${m.memoryGB} GB, ${m.os}, Node ${m.node}, PostgreSQL ${m.postgres}. Load average (1/5/15 min) at ` +
      `start ${report.loadAverage.start.map((n) => n.toFixed(2)).join(' / ')}, at end ` +
      `${(report.loadAverage.end ?? []).map((n) => n.toFixed(2)).join(' / ')}.`,
    '',
  );
  for (const [size, d] of Object.entries(report.datasets)) {
    if (!d) continue;
    lines.push(
      `## ${size} dataset: ${d.shape.users} users, ${d.shape.coaches} Coaches, ${d.shape.questions} questions`,
      '',
      `Busiest Coach ${d.fixtures.busiestCoach} (${d.fixtures.busiestCoachQuestions} questions); Player ` +
        `${d.fixtures.player} (${d.fixtures.playerQuestions} questions).`,
      '',
      d.pgbench
        ? `\`pgbench -b simple-update -c ${d.pgbench.clients}\`: ${d.pgbench.tps.toFixed(0)} transactions/s.`
        : '',
      '',
      '| Endpoint | Route | req/s | p50 ms | p99 ms | × reference | non-2xx | Target |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const r of [d.baseline, ...d.endpoints]) {
      const met = size === 'large' ? endpointVerdict(r, d) : null;
      const target = targetText(r, d);
      lines.push(
        `| ${r.name} | \`${r.route}\` | ${r.measurement.rps.toFixed(0)} | ${r.measurement.p50} | ` +
          `${r.measurement.p99} | ${ratio(r, d).toFixed(3)} | ${r.measurement.non2xx} | ` +
          `${met === null ? target : `${target}: **${met ? 'met' : 'missed'}**`} |`,
      );
      const detail = ceilingText(r, d) ?? floorP99Text(r);
      if (detail) lines.push(`| ↳ ${detail} | | | | | | | |`);
      for (const line of roundsText(r, d)) lines.push(`| ↳ ${line} | | | | | | | |`);
    }
    lines.push('');
  }
  if (report.costGrowth?.length) {
    lines.push('## Cost growth (p50, small → large; target ≤ 30%)', '');
    lines.push(
      '| Endpoint | small p50 ms | large p50 ms | growth | Target |',
      '| --- | ---: | ---: | ---: | --- |',
    );
    for (const g of report.costGrowth) {
      lines.push(
        `| ${g.endpoint} | ${g.smallP50} | ${g.largeP50} | ${(g.growth * 100).toFixed(0)}% | ${g.met ? 'met' : '**missed**'} |`,
      );
    }
    lines.push('');
  }
  const rt = report.realtime;
  if (rt?.latency || rt?.idle?.length) {
    lines.push('## Realtime', '');
    if (rt.latency) {
      const l = rt.latency;
      lines.push(
        `Answer submission → the Player's \`questions.changed\` SSE event, ${l.answers} answers one after ` +
          `the other: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms ` +
          `(${l.received}/${l.answers} events received).`,
        '',
      );
    }
    if (rt.idle?.length) {
      lines.push(
        '| Idle SSE connections held | Server RSS MB | KB per connection | Home list p50 ms meanwhile |',
      );
      lines.push('| ---: | ---: | ---: | ---: |');
      for (const i of rt.idle) {
        lines.push(
          `| ${i.opened}${i.failed ? ` (${i.failed} failed)` : ''} | ${i.rssMB.toFixed(0)} | ${i.kbPerConnection.toFixed(1)} | ${i.homeP50Ms.toFixed(1)} |`,
        );
      }
      lines.push('');
    }
  }
  if (report.lighthouse?.length) {
    lines.push('## Lighthouse (performance)', '');
    lines.push(
      '| Page | Profile | Score | FCP ms | LCP ms | TBT ms | CLS |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const l of report.lighthouse) {
      lines.push(
        `| ${l.page} | ${l.formFactor} | ${l.score} | ${l.fcpMs.toFixed(0)} | ${l.lcpMs.toFixed(0)} | ${l.tbtMs.toFixed(0)} | ${l.cls.toFixed(3)} |`,
      );
    }
    lines.push('');
  }
  if (report.inp?.length) {
    lines.push('## INP (CPU ×4, one scripted interaction per page, median of 3)', '');
    lines.push('| Page | Interaction | INP ms | Runs |', '| --- | --- | ---: | --- |');
    for (const i of report.inp) {
      lines.push(`| ${i.page} | ${i.interaction} | ${i.inpMs} | ${i.runsMs.join(', ')} |`);
    }
    lines.push('');
  }
  if (report.load) {
    const l = report.load;
    const w = l.writes;
    lines.push(
      `## Load: ${l.users} users for ${l.durationS.toFixed(0)} s (think time ${l.thinkMs} ms mean)`,
      '',
      `${l.requests} requests (${l.rps.toFixed(0)} req/s), **${l.fiveXx} 5xx**, ${l.networkErrors} network errors. ` +
        `Writes: ${w.asksAcknowledged} questions acknowledged (201), ${w.asksFound} found; ${w.answersAcknowledged} ` +
        `answers acknowledged (204), ${w.answersFoundWithPayout} found answered with their payout: **${w.lost} lost**; ` +
        `payouts without an answer ${w.payoutsWithoutAnswer}; doubled payouts ${w.doubledPayouts}.`,
      '',
      '| Step | Requests | p50 ms | p99 ms | max ms | Statuses |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
    );
    for (const s of l.steps) {
      lines.push(
        `| ${s.step} | ${s.requests} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.max.toFixed(1)} | ${Object.entries(
          s.status,
        )
          .map(([code, n]) => `${code}: ${n}`)
          .join(', ')} |`,
      );
    }
    lines.push('');
  }
  if (report.videoReview) {
    lines.push('## Video review studio (issue 38)', '');
    for (const line of videoReviewLines(report.videoReview)) lines.push(`- ${line}`);
    lines.push('');
  }
  const judged = verdicts(report);
  if (judged.length) {
    lines.push(
      '## Targets',
      '',
      '| Check | Figure | Target | Verdict |',
      '| --- | --- | --- | --- |',
    );
    for (const v of judged) {
      const verdict = v.met
        ? 'met'
        : v.reachable === false
          ? '**missed** (out of reach here)'
          : '**missed**';
      lines.push(`| ${v.check} | ${v.figure} | ${v.target} | ${verdict} |`);
    }
    lines.push('');
  }
  for (const e of report.errors) lines.push(`Phase **${e.phase}** failed: ${e.message}`, '');
  return lines.join('\n');
}

/** Writes <timestamp>.json and <timestamp>.md; returns the JSON's path. */
export function writeReport(report: Report, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, report.startedAt.replace(/[:.]/g, '-'));
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.md`, `${markdownReport(report)}\n`);
  return `${base}.json`;
}
