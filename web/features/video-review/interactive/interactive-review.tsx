import { ArrowLeft, Pause, Play, StepBack, StepForward } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { REVIEW_PLAYER_MESSAGES } from '@contracts/review-player';
import {
  formatDuration,
  STUDIO_LABELS,
  STUDIO_SPEEDS,
  type VideoReview,
} from '@contracts/video-review';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { renderDrawings } from '../render-drawings';
import { shownByTarget, stepTarget } from '../studio/frames';
import { keyTarget, studioKeyAction } from '../studio/keyboard';
import { stageLayout, type Size } from '../studio/stage-layout';
import { compareSecondsAt, compareWaits, frameRateOf, frameTimeMs, percentBox } from './playback';

/** The frame shape assumed until a clip's own is known. */
const WIDESCREEN: Size = { width: 16, height: 9 };
/** How far the compared clip may drift from its sync while both play before it is put back. */
const DRIFT_SECONDS = 0.15;

/**
 * The interactive review (issue 38): the Player's original clip with the Coach's drawings appearing
 * at their times, played, paused, stepped frame by frame at the clip's own rate and slowed down,
 * with the compared clip beside it or overlaid, following the sync points. The videos play in
 * their own elements (no canvas copy, so any signed link plays); one canvas over the stage draws
 * what shows at the frame on screen, laid out as the studio laid it out when it was recorded.
 */
export function InteractiveReview({
  questionId,
  review,
}: {
  questionId: string;
  review: VideoReview;
}) {
  const { document: doc, source } = review;
  const comparing = doc.compare !== null && review.compare?.url ? doc.compare : null;
  const mainRef = useRef<HTMLVideoElement>(null);
  const compareRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** The presentation time of the Player's frame on screen (requestVideoFrameCallback's). */
  const shown = useRef(0);
  const [mainSize, setMainSize] = useState<Size | null>(null);
  const [compareSize, setCompareSize] = useState<Size | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState((source.durationMs ?? 0) / 1000);
  const [speed, setSpeed] = useState<number>(1);
  const frameRate = frameRateOf(source);

  const layout = useMemo(
    () =>
      stageLayout(
        mainSize ?? WIDESCREEN,
        comparing ? (compareSize ?? WIDESCREEN) : null,
        comparing?.layout ?? 'side',
      ),
    [mainSize, compareSize, comparing],
  );

  /** Draws what shows at `mainSeconds` (the frame on screen), on both clips. */
  const draw = useCallback(
    (mainSeconds: number) => {
      const ctx = canvasRef.current?.getContext('2d');
      if (!ctx) return;
      ctx.clearRect(0, 0, layout.width, layout.height);
      const mainMs = frameTimeMs(mainSeconds);
      renderDrawings(ctx, doc.drawings, 'main', mainMs, layout.main);
      if (comparing && layout.compare) {
        const at = compareSecondsAt(mainSeconds, comparing, compareRef.current?.duration);
        const compareMs = frameTimeMs(at);
        renderDrawings(ctx, doc.drawings, 'compare', compareMs, layout.compare);
      }
    },
    [doc.drawings, layout, comparing],
  );

  /** Puts the compared clip where the sync points say, playing or waiting as the main one. */
  const follow = useCallback(
    (mainSeconds: number) => {
      const other = compareRef.current;
      if (!comparing || !other) return;
      const target = compareSecondsAt(mainSeconds, comparing, other.duration);
      const mainPlaying = mainRef.current ? !mainRef.current.paused : false;
      const waits = compareWaits(mainSeconds, comparing) || target >= other.duration;
      if (mainPlaying && !waits) {
        if (Math.abs(other.currentTime - target) > DRIFT_SECONDS) other.currentTime = target;
        if (other.paused) void other.play().catch(() => undefined);
      } else {
        if (!other.paused) other.pause();
        if (Math.abs(other.currentTime - target) > 1 / (2 * frameRate)) other.currentTime = target;
      }
    },
    [comparing, frameRate],
  );

  // Redraws on every frame the browser presents (requestVideoFrameCallback tells that frame's own
  // time), else on every animation frame while playing; and after each seek and time update.
  useEffect(() => {
    const video = mainRef.current;
    if (!video) return;
    let frameRequest = 0;
    let animation = 0;
    const onFrame = (_now: number, frame: VideoFrameCallbackMetadata) => {
      shown.current = frame.mediaTime;
      draw(frame.mediaTime);
      follow(frame.mediaTime);
      frameRequest = video.requestVideoFrameCallback(onFrame);
    };
    const tick = () => {
      draw(video.currentTime);
      follow(video.currentTime);
      if (!video.paused) animation = requestAnimationFrame(tick);
    };
    const frameCallbacks = 'requestVideoFrameCallback' in video;
    if (frameCallbacks) frameRequest = video.requestVideoFrameCallback(onFrame);
    const onSettled = () => {
      setTime(video.currentTime);
      draw(video.currentTime);
      follow(video.currentTime);
    };
    const onPlay = () => {
      setPlaying(true);
      if (!frameCallbacks) animation = requestAnimationFrame(tick);
    };
    const onPause = () => {
      setPlaying(false);
      onSettled();
    };
    const onMetadata = () => {
      setMainSize({ width: video.videoWidth || 16, height: video.videoHeight || 9 });
      if (Number.isFinite(video.duration)) setDuration(video.duration);
    };
    const events: [string, () => void][] = [
      ['seeked', onSettled],
      ['timeupdate', onSettled],
      ['loadeddata', onSettled],
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['loadedmetadata', onMetadata],
    ];
    for (const [name, handler] of events) video.addEventListener(name, handler);
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) onMetadata();
    onSettled();
    return () => {
      for (const [name, handler] of events) video.removeEventListener(name, handler);
      if (frameCallbacks) video.cancelVideoFrameCallback(frameRequest);
      cancelAnimationFrame(animation);
    };
  }, [draw, follow]);

  useEffect(() => {
    for (const video of [mainRef.current, compareRef.current]) {
      if (video) video.playbackRate = speed;
    }
  }, [speed, comparing]);

  const togglePlay = useCallback(() => {
    const video = mainRef.current;
    if (!video) return;
    if (video.paused) {
      if (video.ended) video.currentTime = 0;
      void video.play().catch(() => setPlaying(false));
    } else {
      video.pause();
    }
  }, []);

  const step = useCallback(
    (frames: number) => {
      const video = mainRef.current;
      if (!video) return;
      video.pause();
      // From the frame on screen (requestVideoFrameCallback's), or from the one the step before is
      // still seeking to, or, in a browser without frame callbacks, the one a step's seek shows.
      const from =
        video.seeking || !('requestVideoFrameCallback' in video)
          ? shownByTarget(video.currentTime, frameRate)
          : shown.current;
      video.currentTime = stepTarget(from, frameRate, frames, video.duration);
    },
    [frameRate],
  );

  const seek = (seconds: number) => {
    const video = mainRef.current;
    if (!video) return;
    video.currentTime = seconds;
    setTime(seconds);
  };

  // The studio's keys: space plays and pauses, the arrows and comma / full stop step a frame.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = studioKeyAction(event, keyTarget(event.target));
      if (action === 'play-pause') togglePlay();
      else if (action === 'previous-frame') step(-1);
      else if (action === 'next-frame') step(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [togglePlay, step]);

  const ratio = layout.width / layout.height;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 sm:py-8">
      <Link
        to={`/questions/${encodeURIComponent(questionId)}`}
        className="inline-flex items-center gap-2 self-start font-semibold text-navy underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {STUDIO_LABELS.backToQuestion}
      </Link>
      <h1 className="text-3xl font-bold text-navy sm:text-4xl">{REVIEW_PLAYER_MESSAGES.title}</h1>

      {source.url === null ? (
        <p className="text-muted">{REVIEW_PLAYER_MESSAGES.sourceRemoved}</p>
      ) : (
        <>
          <div
            data-testid="review-stage"
            className="relative mx-auto overflow-hidden rounded-xl bg-black"
            // The stage keeps the studio's shape and fits the width (a 390 px phone) and the
            // screen's height alike.
            style={{
              aspectRatio: `${layout.width} / ${layout.height}`,
              width: `min(100%, calc(75vh * ${ratio}))`,
            }}
          >
            <video
              ref={mainRef}
              src={source.url}
              playsInline
              preload="auto"
              aria-label={STUDIO_LABELS.mainClip}
              className="absolute object-fill"
              style={percentBox(layout.main, layout)}
            />
            {comparing && review.compare?.url && layout.compare && (
              <video
                ref={compareRef}
                src={review.compare.url}
                playsInline
                muted
                preload="auto"
                aria-label={STUDIO_LABELS.compareClip}
                className="absolute object-fill"
                style={{
                  ...percentBox(layout.compare, layout),
                  opacity: comparing.layout === 'overlay' ? comparing.opacity : 1,
                }}
                onLoadedMetadata={(event) =>
                  setCompareSize({
                    width: event.currentTarget.videoWidth || 16,
                    height: event.currentTarget.videoHeight || 9,
                  })
                }
              />
            )}
            <canvas
              ref={canvasRef}
              width={layout.width}
              height={layout.height}
              aria-hidden
              className="pointer-events-none absolute inset-0 size-full"
            />
          </div>

          <div className="flex flex-col gap-3">
            <Field label={STUDIO_LABELS.timeline}>
              <input
                type="range"
                min={0}
                max={duration || 0}
                step={1 / frameRate}
                value={Math.min(time, duration || 0)}
                aria-valuetext={`${formatDuration(time * 1000)} / ${formatDuration(duration * 1000)}`}
                onChange={(event) => seek(Number(event.target.value))}
                className="h-8 w-full touch-none accent-navy"
              />
            </Field>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="flex items-center gap-2">
                <FrameButton label={STUDIO_LABELS.previousFrame} onClick={() => step(-1)}>
                  <StepBack aria-hidden />
                </FrameButton>
                <Button type="button" className="min-w-28" onClick={togglePlay}>
                  {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
                  {playing ? STUDIO_LABELS.pause : STUDIO_LABELS.play}
                </Button>
                <FrameButton label={STUDIO_LABELS.nextFrame} onClick={() => step(1)}>
                  <StepForward aria-hidden />
                </FrameButton>
                <span className="ml-1 text-sm text-muted tabular-nums">
                  {`${formatDuration(time * 1000)} / ${formatDuration(duration * 1000)}`}
                </span>
              </div>
              <Field label={STUDIO_LABELS.speed} className="w-28">
                <select
                  className={cn(inputClass, 'py-1.5')}
                  value={speed}
                  onChange={(event) => setSpeed(Number(event.target.value))}
                >
                  {STUDIO_SPEEDS.map((option) => (
                    <option key={option} value={option}>
                      {REVIEW_PLAYER_MESSAGES.speedOption(option)}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** A frame step: an icon button named by its label, large enough for a finger. */
function FrameButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      aria-label={label}
      title={label}
      className="px-3"
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
