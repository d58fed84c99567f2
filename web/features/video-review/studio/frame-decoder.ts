import type { CanvasSink, Input, WrappedCanvas } from 'mediabunny';
import { DecodedFrames, type DecodedFrame } from './decoded-frames';

/** A decoded frame as the stage draws it: a canvas of the stage's frame box. */
export type Picture = HTMLCanvasElement | OffscreenCanvas;

/**
 * Frames kept per clip: 48 at 1280×720 are 48 × 3.7 MB = 177 MB of bitmaps (half that for each of
 * two compared clips, whose boxes are half the stage); nearly a GOP of a phone's 30 fps clip (a
 * keyframe a second), 0.8 s of a 60 fps one.
 */
export const KEPT_FRAMES = 48;
/** Frames kept on the side a step came from; the rest are ahead, where the next steps go. */
const BEHIND = 12;
/**
 * Fewer frames than this behind and the frames before them are decoded, from their keyframe.
 * Ahead, the open run tops up a frame a step: a burst of frames drawn into their canvases at once
 * holds up the steps pressed meanwhile.
 */
const REFILL = 24;

/**
 * Until the page is idle (at most a second): each decoded frame is drawn into its canvas on the
 * main thread, which, while the Coach draws, would take the paints' time (the bench's trace).
 */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });

/** A frame's bitmap freed when it leaves the cache, rather than when a collector gets to it. */
const release = (picture: Picture) => {
  picture.width = 0;
  picture.height = 0;
};

/**
 * Decodes a clip's frames with WebCodecs through mediabunny (ADR 096), around the frame
 * on screen, into DecodedFrames: reading the file with range requests (`UrlSource`, same-origin or
 * the storage host with CORS), never the whole file first. Forward steps are fed by one decoding
 * run kept open; a step back decodes the frames before the run from their keyframe.
 */
export class FrameDecoder {
  readonly frames = new DecodedFrames<Picture>(KEPT_FRAMES, release);
  /** The frame on screen: eviction keeps the frames nearest to it. */
  private position = 0;
  private wanted: { time: number; direction: 1 | -1 } | null = null;
  private busy = false;
  private forward: { run: AsyncGenerator<WrappedCanvas>; next: number } | null = null;
  private closed = false;

  private constructor(
    private readonly input: Input,
    private readonly sink: CanvasSink,
    private readonly period: number,
  ) {}

  /**
   * A decoder of the clip at `url` drawing frames at `width` × `height`, or null where it cannot
   * be (no WebCodecs, a file mediabunny cannot read or decode): the clip then steps by seeks.
   */
  static async open(url: string, width: number, height: number, frameRate: number) {
    if (typeof VideoDecoder === 'undefined') return null;
    // Loaded with the first clip, not with the studio's page: only a decoder needs it.
    const { ALL_FORMATS, CanvasSink, Input, UrlSource } = await import('mediabunny');
    const input = new Input({ source: new UrlSource(url), formats: ALL_FORMATS });
    try {
      const track = await input.getPrimaryVideoTrack();
      if (!track || !(await track.canDecode())) {
        input.dispose();
        return null;
      }
      const sink = new CanvasSink(track, { width, height, fit: 'fill' });
      return new FrameDecoder(input, sink, 1 / frameRate);
    } catch {
      input.dispose();
      return null;
    }
  }

  /** The frame shown at `time`, if decoded. */
  at(time: number): DecodedFrame<Picture> | null {
    return this.closed ? null : this.frames.at(time);
  }

  /** A time inside the decoded frame `step` frames from the one at `time`, if decoded. */
  stepped(time: number, step: number): number | null {
    return this.closed ? null : this.frames.stepped(time, step);
  }

  /** `target`, moved out of the decoded frame shown at `time` if it falls inside it. */
  outside(time: number, step: number, target: number): number {
    return this.closed ? target : this.frames.outside(time, step, target);
  }

  /** The frame at `time` is on screen and steps go `direction`: decode what they will want next. */
  want(time: number, direction: 1 | -1) {
    this.position = time;
    this.wanted = { time, direction };
    if (!this.busy) void this.work();
  }

  private async work() {
    this.busy = true;
    try {
      while (this.wanted && !this.closed) {
        const { time, direction } = this.wanted;
        this.wanted = null;
        if (direction > 0) await this.fillAhead(time);
        else await this.fillBehind(time);
      }
    } catch {
      // A read or decode that fails leaves the cache as it is: steps past it seek.
    } finally {
      this.busy = false;
    }
  }

  private keep(frame: WrappedCanvas) {
    this.frames.add({
      timestamp: frame.timestamp,
      duration: frame.duration,
      picture: frame.canvas,
    });
    this.frames.evict(this.position);
  }

  private async fillAhead(time: number) {
    const span = this.frames.span(time);
    const from = span ? span.end : time;
    const until = time + (KEPT_FRAMES - BEHIND) * this.period;
    if (from >= until) return;
    // The open run goes on where it stopped; a run started anew decodes from the keyframe before.
    if (!this.forward || Math.abs(this.forward.next - from) > this.period / 2) {
      await this.forward?.run.return(undefined);
      this.forward = { run: this.sink.canvases(from), next: from };
    }
    const forward = this.forward;
    while (forward.next < until && !this.closed && !this.wanted) {
      await idle();
      const result = await forward.run.next();
      if (result.done) break;
      forward.next = result.value.timestamp + result.value.duration;
      this.keep(result.value);
    }
  }

  private async fillBehind(time: number) {
    const span = this.frames.span(time);
    if (span && span.before >= REFILL) return;
    const until = span ? span.start : time + this.period;
    const from = Math.max(0, time - (KEPT_FRAMES - BEHIND) * this.period);
    if (until <= from) return;
    const run = this.sink.canvases(from, until);
    for (;;) {
      await idle();
      const result = await run.next();
      if (result.done || this.closed) break;
      this.keep(result.value);
    }
    await run.return(undefined);
  }

  dispose() {
    this.closed = true;
    void this.forward?.run.return(undefined);
    this.forward = null;
    this.frames.clear();
    this.input.dispose();
  }
}
