import { Crosshair, SkipBack, SkipForward } from 'lucide-react';
import { STUDIO_LABELS, STUDIO_MESSAGES, type ClipOrigin } from '@contracts/video-review';
import { Button } from '@/components/ui/button';
import type { ClipController } from './clip-controller';
import { clipTime } from './history';
import { Timeline } from './transport';

export interface CompareChoice {
  origin: ClipOrigin;
  attachmentId: string;
  name: string;
}

const selectClass = 'h-9 max-w-full rounded-lg border border-line bg-white px-2 text-sm text-ink';
const keyOf = (c: { origin: ClipOrigin; attachmentId: string }) => `${c.origin}:${c.attachmentId}`;

/**
 * The second clip (issue 38): another of the Player's videos or a reference clip, side by side or
 * overlaid with an opacity; a sync point on each, after which they play and step together.
 */
export function ComparePanel({
  choices,
  chosen,
  onChoose,
  layout,
  onLayout,
  opacity,
  onOpacity,
  main,
  compare,
  syncMain,
  syncCompare,
  onSync,
  locked,
}: {
  choices: readonly CompareChoice[];
  chosen: CompareChoice | null;
  onChoose: (choice: CompareChoice | null) => void;
  layout: 'side' | 'overlay';
  onLayout: (layout: 'side' | 'overlay') => void;
  opacity: number;
  onOpacity: (opacity: number) => void;
  main: ClipController;
  compare: ClipController | null;
  syncMain: number | null;
  syncCompare: number | null;
  onSync: (clip: 'main' | 'compare', ms: number) => void;
  /** While recording, the stage keeps its size: no other clip or layout. */
  locked: boolean;
}) {
  const questionChoices = choices.filter((c) => c.origin === 'question');
  const references = choices.filter((c) => c.origin === 'reference');
  return (
    <section aria-label={STUDIO_LABELS.compareWith} className="flex flex-col gap-3">
      <label className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
        {STUDIO_LABELS.compareWith}
        <select
          className={selectClass}
          value={chosen ? keyOf(chosen) : ''}
          disabled={locked}
          onChange={(e) => onChoose(choices.find((c) => keyOf(c) === e.target.value) ?? null)}
        >
          <option value="">{STUDIO_LABELS.noCompare}</option>
          {questionChoices.length > 0 && (
            <optgroup label={STUDIO_LABELS.clip}>
              {questionChoices.map((c) => (
                <option key={keyOf(c)} value={keyOf(c)}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          )}
          {references.length > 0 && (
            <optgroup label={STUDIO_LABELS.referenceLibrary}>
              {references.map((c) => (
                <option key={keyOf(c)} value={keyOf(c)}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
      {chosen && compare && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            {(['side', 'overlay'] as const).map((option) => (
              <Button
                key={option}
                type="button"
                size="sm"
                variant={layout === option ? 'dark' : 'outline'}
                aria-pressed={layout === option}
                disabled={locked}
                onClick={() => onLayout(option)}
              >
                {option === 'side' ? STUDIO_LABELS.sideBySide : STUDIO_LABELS.overlay}
              </Button>
            ))}
            {layout === 'overlay' && (
              <label className="flex items-center gap-2 text-sm font-semibold text-ink">
                {STUDIO_LABELS.opacity}
                <input
                  type="range"
                  min={0}
                  max={1}
                  step={0.05}
                  value={opacity}
                  aria-valuetext={`${Math.round(opacity * 100)}%`}
                  onChange={(e) => onOpacity(Number(e.target.value))}
                  className="accent-navy"
                />
              </label>
            )}
          </div>
          <p className="text-sm text-muted">
            {syncMain !== null && syncCompare !== null
              ? STUDIO_MESSAGES.synced
              : STUDIO_MESSAGES.syncPoints}
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <SyncGroup
              label={STUDIO_LABELS.mainClip}
              clip={main}
              sync={syncMain}
              onSync={(ms) => onSync('main', ms)}
            />
            <SyncGroup
              label={STUDIO_LABELS.compareClip}
              clip={compare}
              sync={syncCompare}
              onSync={(ms) => onSync('compare', ms)}
              stepping
            />
          </div>
        </>
      )}
    </section>
  );
}

/** One clip's sync point; the compared clip has its own stepping to find its moment. */
function SyncGroup({
  label,
  clip,
  sync,
  onSync,
  stepping,
}: {
  label: string;
  clip: ClipController;
  sync: number | null;
  onSync: (ms: number) => void;
  stepping?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-col gap-2 rounded-lg border border-line p-3"
    >
      <p className="text-sm font-semibold text-navy">{label}</p>
      {stepping && (
        <>
          <Timeline clip={clip} label={`${STUDIO_LABELS.timeline} (${label})`} />
          <div className="flex gap-1">
            <Button type="button" size="sm" variant="ghost" onClick={() => clip.step(-1)}>
              <SkipBack aria-hidden />
              {STUDIO_LABELS.compareBack}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => clip.step(1)}>
              <SkipForward aria-hidden />
              {STUDIO_LABELS.compareForward}
            </Button>
          </div>
        </>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => onSync(Math.round(clip.getSnapshot().time * 1000))}
        >
          <Crosshair aria-hidden />
          {STUDIO_LABELS.setSyncPoint}
        </Button>
        {sync !== null && <span className="text-sm text-muted tabular-nums">{clipTime(sync)}</span>}
      </div>
    </div>
  );
}
