/**
 * The frames a clip's decoder has decoded around the frame on screen (ADR 096): a step
 * while paused shows the cached frame at once instead of waiting for a `<video>` seek, which
 * decodes from the keyframe before it every time (266–590 ms at CPU ×4 on a 60 fps clip, issue 38).
 * Bounded: each frame is a stage-sized bitmap, so the ones farthest from the frame on screen are
 * released as others come.
 */
export interface DecodedFrame<Picture> {
  /** The frame's own presentation time in seconds (what `requestVideoFrameCallback` calls `mediaTime`). */
  timestamp: number;
  /** Seconds until the next frame starts. */
  duration: number;
  picture: Picture;
}

/** A step's target lands mid-frame; this only absorbs seconds' rounding at a frame's edges. */
const EDGE = 1e-6;
/** How far past a frame's edge a step lands when it must leave that frame: a millisecond. */
const OUTSIDE = 1e-3;

export class DecodedFrames<Picture> {
  /** In presentation order. */
  private frames: DecodedFrame<Picture>[] = [];

  constructor(
    private readonly limit: number,
    private readonly release: (picture: Picture) => void,
  ) {}

  get size() {
    return this.frames.length;
  }

  /** The index of the last frame starting at or before `time`, else -1. */
  private indexAt(time: number) {
    let low = 0;
    let high = this.frames.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.frames[middle]!.timestamp <= time + EDGE) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  }

  /**
   * The frame a video shows at `time`, the one whose span holds it, as a seek there would show;
   * null when that frame is not here (never decoded, or released), so the caller seeks instead.
   */
  at(time: number): DecodedFrame<Picture> | null {
    const frame = this.frames[this.indexAt(time)];
    return frame && time < frame.timestamp + frame.duration - EDGE ? frame : null;
  }

  /**
   * A time inside the frame `step` frames after (negative: before) the one shown at `time`,
   * walking the frames themselves: a recording's frames need not come at an even pace (one that
   * dropped frames holds a frame for several periods, where a step by the clip's mean rate would
   * land in the same frame again). Null when a frame on the way is not here.
   */
  stepped(time: number, step: number): number | null {
    let index = this.indexAt(time);
    let frame = this.at(time);
    for (let taken = 0; frame && taken < Math.abs(step); taken++) {
      const next = this.frames[step > 0 ? index + 1 : index - 1];
      const adjacent =
        next &&
        (step > 0 ? DecodedFrames.follows(frame, next) : DecodedFrames.follows(next, frame));
      frame = adjacent ? next : null;
      index += step > 0 ? 1 : -1;
    }
    return frame ? frame.timestamp + frame.duration / 2 : null;
  }

  /**
   * Where a step by the clip's rate to `target` goes when the frames on the way are not decoded:
   * never inside the frame shown at `time`, which lasts past `target` when it was held for several
   * periods, but a millisecond past its end (before its start, going back).
   */
  outside(time: number, step: number, target: number): number {
    const frame = this.at(time);
    if (!frame) return target;
    return step > 0
      ? Math.max(target, frame.timestamp + frame.duration + OUTSIDE)
      : Math.min(target, Math.max(0, frame.timestamp - OUTSIDE));
  }

  /** Whether `b` starts where `a` ends: no frame between them is missing. */
  private static follows<P>(a: DecodedFrame<P>, b: DecodedFrame<P>) {
    return b.timestamp <= a.timestamp + a.duration + EDGE;
  }

  /**
   * The run of frames with no gap around the one at `time`: from the first's start to the last's
   * end, in seconds; null when the frame at `time` is not here.
   */
  span(time: number): { start: number; end: number; before: number; after: number } | null {
    const index = this.indexAt(time);
    const frame = this.frames[index];
    if (!frame || time >= frame.timestamp + frame.duration - EDGE) return null;
    let first = index;
    while (first > 0 && DecodedFrames.follows(this.frames[first - 1]!, this.frames[first]!))
      first--;
    let last = index;
    while (
      last < this.frames.length - 1 &&
      DecodedFrames.follows(this.frames[last]!, this.frames[last + 1]!)
    ) {
      last++;
    }
    const end = this.frames[last]!;
    return {
      start: this.frames[first]!.timestamp,
      end: end.timestamp + end.duration,
      before: index - first,
      after: last - index,
    };
  }

  /** Keeps a decoded frame (one already here is released, not kept twice). */
  add(frame: DecodedFrame<Picture>) {
    const index = this.indexAt(frame.timestamp);
    const there = this.frames[index];
    if (there && Math.abs(there.timestamp - frame.timestamp) <= EDGE) {
      this.release(frame.picture);
      return;
    }
    this.frames.splice(index + 1, 0, frame);
  }

  /** Releases the frames farthest from `time` until at most the limit are left. */
  evict(time: number) {
    while (this.frames.length > this.limit) {
      const first = this.frames[0]!;
      const last = this.frames.at(-1)!;
      const gone =
        time - first.timestamp > last.timestamp - time ? this.frames.shift() : this.frames.pop();
      this.release(gone!.picture);
    }
  }

  clear() {
    for (const frame of this.frames) this.release(frame.picture);
    this.frames = [];
  }
}
