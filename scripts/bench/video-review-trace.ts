/**
 * Frames a second while drawing, from a Chromium performance trace (the video-review phase).
 *
 * The stage is a canvas the page's main thread paints; the compositor draws a new frame only when
 * there is something new to show (damage), and while the pointer moves, what is new is the
 * stroke. So the frames counted are the compositor's `DrawFrame` events in the page's renderer,
 * inside the strokes (each from its `pointerdown` to its `pointerup` event): each is a frame put
 * on screen with the ink the main thread last painted. Also counted, to say why a rate is what it
 * is: the page's animation frames (`FireAnimationFrame`, where the stage paints), the frames the
 * compositor reported dropped (`PipelineReporter`, STATE_DROPPED) and the main thread's busy share.
 */

/** What DevTools' performance panel records, frames included. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'latencyInfo',
  'benchmark',
  'cc',
];

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

export interface DrawingFrames {
  /** Time inside the strokes, in seconds. */
  seconds: number;
  strokes: number;
  /** DrawFrame events inside the strokes, and their rate. */
  frames: number;
  fps: number;
  animationFrames: number;
  droppedFrames: number;
  /** Share of the strokes' time the renderer's main thread ran tasks. */
  mainThreadBusy: number;
}

export function eventsOf(trace: unknown): TraceEvent[] {
  if (Array.isArray(trace)) return trace as TraceEvent[];
  return (trace as { traceEvents?: TraceEvent[] }).traceEvents ?? [];
}

const dataType = (e: TraceEvent) => (e.args?.data as { type?: string } | undefined)?.type;

export function drawingFrames(trace: unknown): DrawingFrames {
  const events = eventsOf(trace);
  const threads = new Map<string, string>();
  for (const e of events) {
    if (e.name === 'thread_name') {
      threads.set(`${e.pid}:${e.tid}`, String((e.args as { name?: string }).name));
    }
  }
  const thread = (e: TraceEvent) => threads.get(`${e.pid}:${e.tid}`);
  // The page's main thread is the one the pointer events were dispatched on.
  const pointer = events.filter(
    (e) =>
      e.name === 'EventDispatch' && (dataType(e) === 'pointerdown' || dataType(e) === 'pointerup'),
  );
  const pid = pointer[0]?.pid;
  const strokes: { from: number; to: number }[] = [];
  for (const e of pointer.sort((a, b) => a.ts - b.ts)) {
    if (dataType(e) === 'pointerdown') strokes.push({ from: e.ts, to: NaN });
    else if (strokes.length > 0 && Number.isNaN(strokes[strokes.length - 1]!.to)) {
      strokes[strokes.length - 1]!.to = e.ts;
    }
  }
  const done = strokes.filter((s) => !Number.isNaN(s.to));
  const inside = (ts: number) => done.some((s) => ts >= s.from && ts <= s.to);
  const ofPage = events.filter((e) => e.pid === pid && inside(e.ts));
  const count = (name: string, threadName: string) =>
    ofPage.filter((e) => e.name === name && thread(e) === threadName).length;
  const frames = count('DrawFrame', 'Compositor');
  const micros = done.reduce((sum, s) => sum + (s.to - s.from), 0);
  const busy = ofPage
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && thread(e) === 'CrRendererMain')
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const dropped = new Set(
    ofPage
      .filter(
        (e) =>
          e.name === 'PipelineReporter' &&
          e.ph === 'b' &&
          (e.args?.frame_reporter as { state?: string } | undefined)?.state === 'STATE_DROPPED',
      )
      .map((e) => (e.args?.frame_reporter as { frame_sequence?: number }).frame_sequence),
  );
  const seconds = micros / 1e6;
  return {
    seconds,
    strokes: done.length,
    frames,
    fps: seconds > 0 ? frames / seconds : 0,
    animationFrames: count('FireAnimationFrame', 'CrRendererMain'),
    droppedFrames: dropped.size,
    mainThreadBusy: micros > 0 ? busy / micros : 0,
  };
}
