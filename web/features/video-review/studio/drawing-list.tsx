import { Trash2 } from 'lucide-react';
import { STUDIO_LABELS, STUDIO_MESSAGES, type Drawing } from '@contracts/video-review';
import { Button } from '@/components/ui/button';
import type { ClipController } from './clip-controller';
import { clipTime, holdUntil, showToEnd } from './history';
import { useClip, useOptionalClip } from './use-clip';

/**
 * The drawings with their times: each is held until the current time of its clip, shown to the
 * end again, or deleted; every change goes through the history (undo).
 */
export function DrawingList({
  drawings,
  main,
  compare,
  onChange,
}: {
  drawings: readonly Drawing[];
  main: ClipController;
  compare: ClipController | null;
  onChange: (id: string, next: Drawing | null) => void;
}) {
  // Re-rendered as the clips move, so "Hold until here" is offered only after a drawing starts.
  const mainTime = useClip(main).time * 1000;
  const compareTime = (useOptionalClip(compare)?.time ?? 0) * 1000;
  return (
    <section aria-label={STUDIO_LABELS.drawings} className="flex flex-col gap-2">
      <h2 className="text-lg font-bold text-navy">{STUDIO_LABELS.drawings}</h2>
      {drawings.length === 0 ? (
        <p className="text-sm text-muted">{STUDIO_MESSAGES.noDrawings}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {drawings.map((d, i) => {
            const now = d.clip === 'compare' ? compareTime : mainTime;
            const held = holdUntil(d, now);
            const name = `${i + 1}. ${STUDIO_LABELS.tools[d.tool]}${d.text ? ` “${d.text}”` : ''}`;
            return (
              <li
                key={d.id}
                aria-label={name}
                className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-2 text-sm"
              >
                <span
                  aria-hidden
                  className="size-3 rounded-full border border-line"
                  style={{ background: d.colour }}
                />
                <span className="font-semibold text-ink">{name}</span>
                <span className="text-muted">
                  {`${d.clip === 'compare' ? `${STUDIO_LABELS.compareClip} · ` : ''}${STUDIO_MESSAGES.drawingRange(clipTime(d.from), d.to === null ? null : clipTime(d.to))}`}
                </span>
                <span className="ml-auto flex flex-wrap gap-1">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={held === null}
                    onClick={() => held && onChange(d.id, held)}
                  >
                    {STUDIO_LABELS.holdUntilHere}
                  </Button>
                  {d.to !== null && (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() => onChange(d.id, showToEnd(d))}
                    >
                      {STUDIO_LABELS.showToEnd}
                    </Button>
                  )}
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    className="text-danger"
                    onClick={() => onChange(d.id, null)}
                  >
                    <Trash2 aria-hidden />
                    {STUDIO_LABELS.deleteDrawing}
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
