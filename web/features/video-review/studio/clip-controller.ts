import { FALLBACK_FRAME_RATE } from '@contracts/video-review';
import type { DecodedFrame } from './decoded-frames';
import { FrameDecoder, type Picture } from './frame-decoder';
import { loopJump, shownByTarget, stepTarget } from './frames';

/**
 * One clip of the studio: a hidden `<video>` the stage draws from. It knows the frame on screen
 * from `requestVideoFrameCallback` (the frame's own presentation time, `mediaTime`), steps one
 * frame at the clip's frame rate (read from the file by the server, else measured from the frames
 * as they play, else FALLBACK_FRAME_RATE), plays at a speed and inside a loop. Components read it
 * through `subscribe`/`getSnapshot`; the stage redraws on `onFrame`.
 *
 * While paused, a step (or a compared clip following one) shows a frame its FrameDecoder has
 * already decoded, at once, and brings the `<video>` to that time only once the steps stop, so
 * play resumes from there; a frame not decoded (or no decoder: no WebCodecs, an unreadable file)
 * is a seek, as before (ADR 096).
 */
export interface ClipSnapshot {
  /** The shown frame's time, in seconds. */
  time: number;
  duration: number;
  playing: boolean;
  speed: number;
  frameRate: number;
  size: { width: number; height: number } | null;
  loop: { start: number; end: number } | null;
}

/** The `<video>` follows decoded steps this long after the last one: each seek decodes a GOP. */
const CATCH_UP_MS = 500;

/** Frames measured before the measured rate replaces the fallback. */
const SAMPLES = 12;
/** Cameras' and phones' frame rates. */
const COMMON_RATES = [
  24000 / 1001,
  24,
  25,
  30000 / 1001,
  30,
  48,
  50,
  60000 / 1001,
  60,
  90,
  120,
  240,
];

/** `rate` as the common rate it is within 2 % of, else itself to three decimals. */
export function commonRate(rate: number): number {
  const near = COMMON_RATES.reduce((a, b) => (Math.abs(b - rate) < Math.abs(a - rate) ? b : a));
  return Math.abs(near - rate) / near <= 0.02 ? near : Math.round(rate * 1000) / 1000;
}

export class ClipController {
  private video: HTMLVideoElement | null = null;
  private snapshot: ClipSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly frameListeners = new Set<() => void>();
  private readonly measured: number;
  private samples: number[] = [];
  private last: { mediaTime: number; presented: number } | null = null;
  private callback: number | null = null;
  private detach: (() => void) | null = null;
  /** Where the last seek of the `<video>` for a frame not decoded goes, until it shows that frame. */
  private target: number | null = null;
  private source: string | null = null;
  private frameSize: { width: number; height: number } | null = null;
  private decoder: FrameDecoder | null = null;
  /** Bumped whenever the decoder is replaced, so a decoder opened for an old source is dropped. */
  private decoderGeneration = 0;
  /**
   * The decoded frame on screen instead of the `<video>`'s, until the video shows it too, or the
   * frame a later seek went to (kept meanwhile: the video's own frame is then one left behind).
   */
  private decoded: DecodedFrame<Picture> | null = null;
  private catchUp: { timer: ReturnType<typeof setTimeout>; time: number } | null = null;
  /** The frame a step by a seek left, and its direction, until the seek's frame is shown. */
  private stepFrom: { time: number; direction: 1 | -1 } | null = null;

  constructor(frameRate: number | null) {
    this.measured = frameRate === null ? 0 : frameRate;
    this.snapshot = {
      time: 0,
      duration: NaN,
      playing: false,
      speed: 1,
      frameRate: frameRate ?? FALLBACK_FRAME_RATE,
      size: null,
      loop: null,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /** Called whenever the frame on screen may have changed: the stage draws it. */
  onFrame(listener: () => void) {
    this.frameListeners.add(listener);
    return () => {
      this.frameListeners.delete(listener);
    };
  }

  get element() {
    return this.video;
  }

  /** What the stage draws for this clip: the decoded frame a step showed, else the `<video>`. */
  get picture(): HTMLVideoElement | Picture | null {
    return this.decoded?.picture ?? this.video;
  }

  /** The clip's file, which the decoder reads with range requests. */
  setSource(url: string | null) {
    if (url === this.source) return;
    this.source = url;
    this.reopen();
  }

  /** The size the stage draws this clip's frame at, which its decoded frames are made at. */
  setFrameSize(width: number, height: number) {
    const size = { width: Math.max(2, Math.round(width)), height: Math.max(2, Math.round(height)) };
    const kept = this.frameSize;
    if (kept && kept.width === size.width && kept.height === size.height) return;
    this.frameSize = size;
    this.reopen();
  }

  private reopen() {
    const generation = ++this.decoderGeneration;
    this.dropDecoded();
    this.decoder?.dispose();
    this.decoder = null;
    const { source, frameSize } = this;
    if (!source || !frameSize) return;
    void FrameDecoder.open(source, frameSize.width, frameSize.height, this.snapshot.frameRate)
      .catch(() => null)
      .then((decoder) => {
        if (generation !== this.decoderGeneration) decoder?.dispose();
        else {
          this.decoder = decoder;
          if (this.video?.paused) decoder?.want(this.snapshot.time, 1);
        }
      });
  }

  /** Back to the `<video>`'s frame, which must first be where the decoded one was. */
  private dropDecoded() {
    if (!this.decoded) return;
    this.decoded = null;
    this.seekNow();
  }

  /** The pending catch-up seek, made now. */
  private seekNow() {
    const pending = this.catchUp;
    if (!pending) return;
    clearTimeout(pending.timer);
    this.catchUp = null;
    if (this.video) this.video.currentTime = pending.time;
  }

  /** The decoder goes; a source set again (React's effects run twice in development) reopens it. */
  dispose() {
    this.source = null;
    this.decoderGeneration++;
    if (this.catchUp) clearTimeout(this.catchUp.timer);
    this.catchUp = null;
    this.decoded = null;
    this.decoder?.dispose();
    this.decoder = null;
  }

  private set(change: Partial<ClipSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  private frameShown(time: number) {
    const video = this.video;
    const decoded = this.decoded;
    if (decoded && video?.paused) {
      // A catch-up seek the steps have since gone past, or a seek still under way: the decoded
      // frame stays, and with it its time.
      const arrived =
        this.target !== null
          ? !video.seeking
          : Math.abs(time - decoded.timestamp) <= 0.5 / this.snapshot.frameRate;
      if (!arrived) return;
    }
    const step = this.stepFrom;
    if (step && video?.paused && !video.seeking && this.target !== null) {
      this.stepFrom = null;
      // The seek showed the frame the step left: it lasts longer than the clip's rate says (a
      // recording that dropped frames holds one for several periods), so go a period further.
      const end = Number.isFinite(video.duration) ? video.duration : Infinity;
      const further = Math.min(
        end,
        Math.max(0, this.target + step.direction / this.snapshot.frameRate),
      );
      if (Math.abs(time - step.time) < 1e-6 && further !== this.target) {
        this.stepFrom = step;
        this.target = further;
        video.currentTime = further;
        return;
      }
    }
    this.decoded = null;
    if (video && !video.seeking) this.target = null;
    if (time !== this.snapshot.time) this.set({ time });
    if (this.video?.paused && !this.catchUp) this.decoder?.want(time, 1);
    const loop = this.snapshot.loop;
    const jump = this.snapshot.playing ? loopJump(time, loop) : null;
    if (jump !== null && this.video) this.video.currentTime = jump;
    for (const listener of this.frameListeners) listener();
  }

  /** The ref callback of the clip's `<video>`. */
  attach = (video: HTMLVideoElement | null) => {
    if (video === this.video) return;
    this.detach?.();
    this.detach = null;
    this.video = video;
    if (!video) return;
    const update = () =>
      this.set({
        duration: video.duration,
        playing: !video.paused && !video.ended,
        size: video.videoWidth > 0 ? { width: video.videoWidth, height: video.videoHeight } : null,
      });
    // With requestVideoFrameCallback the time is the frame's own (`mediaTime`); a seek's event
    // only asks for a redraw. Without it (an old Firefox) the events tell the time.
    const fallback = typeof video.requestVideoFrameCallback !== 'function';
    const shown = () =>
      fallback
        ? this.frameShown(video.currentTime)
        : this.frameListeners.forEach((listener) => listener());
    const events = ['loadedmetadata', 'durationchange', 'play', 'pause', 'ended'] as const;
    events.forEach((e) => video.addEventListener(e, update));
    const timed = ['seeked', 'loadeddata', ...(fallback ? (['timeupdate'] as const) : [])];
    timed.forEach((e) => video.addEventListener(e, shown));
    if (!fallback) this.watchFrames(video);
    this.detach = () => {
      events.forEach((e) => video.removeEventListener(e, update));
      timed.forEach((e) => video.removeEventListener(e, shown));
      if (this.callback !== null) video.cancelVideoFrameCallback(this.callback);
      this.callback = null;
    };
    video.playbackRate = this.snapshot.speed;
    update();
  };

  private watchFrames(video: HTMLVideoElement) {
    const next: VideoFrameRequestCallback = (_now, frame) => {
      this.measure(frame.mediaTime, frame.presentedFrames);
      this.frameShown(frame.mediaTime);
      this.callback = video.requestVideoFrameCallback(next);
    };
    this.callback = video.requestVideoFrameCallback(next);
  }

  /** A clip whose rate the file did not tell: the gap between two frames shown one after the other. */
  private measure(mediaTime: number, presented: number) {
    const last = this.last;
    this.last = { mediaTime, presented };
    if (this.measured > 0 || !last || presented - last.presented !== 1) return;
    const gap = mediaTime - last.mediaTime;
    if (gap <= 0 || gap > 0.2) return;
    this.samples.push(gap);
    if (this.samples.length < SAMPLES) return;
    // Presentation times come rounded (to the millisecond in Chromium): one gap reads 16 or 17 ms
    // at 60 fps, so the rate is the mean's, taken to the common rate it is within 2 % of.
    const mean = this.samples.reduce((sum, gap) => sum + gap, 0) / this.samples.length;
    this.samples = [];
    this.set({ frameRate: commonRate(1 / mean) });
  }

  play() {
    // Play resumes from the stepped-to frame; it stays on the stage until the video's own comes.
    this.seekNow();
    void this.video?.play().catch(() => undefined);
  }

  pause() {
    this.video?.pause();
  }

  toggle() {
    if (this.snapshot.playing) this.pause();
    else this.play();
  }

  /** Shows the frame `frames` after (negative: before) the one shown; playback pauses first. */
  step(frames: number) {
    const video = this.video;
    if (!video) return;
    video.pause();
    const { time, frameRate, duration } = this.snapshot;
    // A step pressed again before the last one's frame is on screen goes on from that frame.
    const from =
      video.seeking && this.target !== null ? shownByTarget(this.target, frameRate) : time;
    const direction = frames < 0 ? -1 : 1;
    // The decoded frames themselves where they reach, else the clip's rate, out of the frame shown.
    const byRate = stepTarget(from, frameRate, frames, duration);
    const target =
      this.decoder?.stepped(from, frames) ?? this.decoder?.outside(from, frames, byRate) ?? byRate;
    this.seek(Math.min(target, Number.isFinite(duration) ? duration : Infinity), direction);
    if (this.target !== null) this.stepFrom = { time: from, direction };
  }

  /** Shows the frame at `seconds`: a decoded one at once while paused, else by a seek. */
  seek(seconds: number, direction: 1 | -1 = 1) {
    const video = this.video;
    if (!video) return;
    this.stepFrom = null;
    const end = Number.isFinite(video.duration) ? video.duration : Infinity;
    const time = Math.min(Math.max(0, seconds), end);
    const frame = video.paused ? (this.decoder?.at(time) ?? null) : null;
    if (!frame) {
      if (this.catchUp) clearTimeout(this.catchUp.timer);
      this.catchUp = null;
      this.target = time;
      video.currentTime = time;
      return;
    }
    this.decoded = frame;
    this.target = null;
    if (this.catchUp) clearTimeout(this.catchUp.timer);
    this.catchUp = { timer: setTimeout(() => this.seekNow(), CATCH_UP_MS), time };
    this.decoder?.want(frame.timestamp, direction);
    if (frame.timestamp !== this.snapshot.time) this.set({ time: frame.timestamp });
    for (const listener of this.frameListeners) listener();
  }

  setSpeed(speed: number) {
    if (this.video) this.video.playbackRate = speed;
    this.set({ speed });
  }

  setLoop(loop: { start: number; end: number } | null) {
    this.set({ loop });
  }
}
