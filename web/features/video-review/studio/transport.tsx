import { Pause, Play, Repeat, SkipBack, SkipForward } from 'lucide-react';
import { useState } from 'react';
import { formatDuration, STUDIO_LABELS, STUDIO_SPEEDS } from '@contracts/video-review';
import { Button } from '@/components/ui/button';
import type { ClipController } from './clip-controller';
import { loopRange } from './frames';
import { clipTime } from './history';
import { useClip } from './use-clip';

const selectClass = 'h-9 rounded-lg border border-line bg-white px-2 text-sm text-ink';

/** The Player's clip's playback: play, step a frame, speed, position, loop. */
export function Transport({ clip, disabled }: { clip: ClipController; disabled?: boolean }) {
  const s = useClip(clip);
  const [loopStart, setLoopStart] = useState<number | null>(null);
  const [loopEnd, setLoopEnd] = useState<number | null>(null);
  const setLoop = (start: number | null, end: number | null) => {
    setLoopStart(start);
    setLoopEnd(end);
    clip.setLoop(loopRange(start, end));
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          variant="dark"
          disabled={disabled}
          onClick={() => clip.toggle()}
        >
          {s.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          {s.playing ? STUDIO_LABELS.pause : STUDIO_LABELS.play}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={disabled}
          onClick={() => clip.step(-1)}
        >
          <SkipBack aria-hidden />
          {STUDIO_LABELS.previousFrame}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={disabled}
          onClick={() => clip.step(1)}
        >
          <SkipForward aria-hidden />
          {STUDIO_LABELS.nextFrame}
        </Button>
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          {STUDIO_LABELS.speed}
          <select
            className={selectClass}
            value={s.speed}
            onChange={(e) => clip.setSpeed(Number(e.target.value))}
          >
            {STUDIO_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>{`${speed}×`}</option>
            ))}
          </select>
        </label>
        <output className="ml-auto text-sm text-muted tabular-nums" aria-live="off">
          {`${clipTime(s.time * 1000)} / ${Number.isFinite(s.duration) ? formatDuration(s.duration * 1000) : '–'} · ${Number(s.frameRate.toFixed(2))} fps`}
        </output>
      </div>
      <Timeline clip={clip} label={STUDIO_LABELS.timeline} disabled={disabled} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Button type="button" size="sm" variant="ghost" onClick={() => setLoop(s.time, loopEnd)}>
          <Repeat aria-hidden />
          {STUDIO_LABELS.loopStart}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setLoop(loopStart, s.time)}>
          {STUDIO_LABELS.loopEnd}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={loopStart === null && loopEnd === null}
          onClick={() => setLoop(null, null)}
        >
          {STUDIO_LABELS.clearLoop}
        </Button>
        {s.loop && (
          <span className="text-muted">{`${clipTime(s.loop.start * 1000)} – ${clipTime(s.loop.end * 1000)}`}</span>
        )}
      </div>
    </div>
  );
}

/** A clip's position as a slider: drag or tap to scrub, arrows step a frame (its step). */
export function Timeline({
  clip,
  label,
  disabled,
}: {
  clip: ClipController;
  label: string;
  disabled?: boolean;
}) {
  const s = useClip(clip);
  const duration = Number.isFinite(s.duration) ? s.duration : 0;
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
      {label}
      <input
        type="range"
        min={0}
        max={duration}
        step={1 / s.frameRate}
        value={Math.min(s.time, duration)}
        disabled={disabled || duration === 0}
        aria-valuetext={clipTime(s.time * 1000)}
        onChange={(e) => clip.seek(Number(e.target.value))}
        className="w-full touch-none accent-navy"
      />
    </label>
  );
}
