import { Eraser, Redo2, Undo2 } from 'lucide-react';
import {
  DRAWING_COLOUR_NAMES,
  DRAWING_COLOURS,
  DRAWING_TOOLS,
  DRAWING_WIDTH_NAMES,
  DRAWING_WIDTHS,
  REVIEW_TEXT_MAX,
  STUDIO_LABELS,
  STUDIO_MESSAGES,
  type Drawing,
} from '@contracts/video-review';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import type { Pen } from './stage';

const selectClass = 'h-9 rounded-lg border border-line bg-white px-2 text-sm text-ink';

/** The telestrator's tools, colour, width and label text, with undo, redo and clear. */
export function Toolbar({
  pen,
  onPen,
  canUndo,
  canRedo,
  canClear,
  onUndo,
  onRedo,
  onClear,
  textField,
}: {
  pen: Pen;
  onPen: (pen: Pen) => void;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  textField: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={STUDIO_LABELS.drawingTools} className="flex flex-wrap gap-1">
        {DRAWING_TOOLS.map((tool) => (
          <Button
            key={tool}
            type="button"
            size="sm"
            variant={pen.tool === tool ? 'dark' : 'outline'}
            aria-pressed={pen.tool === tool}
            onClick={() => onPen({ ...pen, tool })}
          >
            {STUDIO_LABELS.tools[tool]}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          {STUDIO_LABELS.colour}
          <span
            aria-hidden
            className="size-5 rounded-full border border-line"
            style={{ background: pen.colour }}
          />
          <select
            className={selectClass}
            value={pen.colour}
            onChange={(e) => onPen({ ...pen, colour: e.target.value as Drawing['colour'] })}
          >
            {DRAWING_COLOURS.map((colour) => (
              <option key={colour} value={colour}>
                {DRAWING_COLOUR_NAMES[colour]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          {STUDIO_LABELS.width}
          <select
            className={selectClass}
            value={pen.width}
            onChange={(e) => onPen({ ...pen, width: Number(e.target.value) as Drawing['width'] })}
          >
            {DRAWING_WIDTHS.map((width) => (
              <option key={width} value={width}>
                {DRAWING_WIDTH_NAMES[width]}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-1">
          <Button type="button" size="sm" variant="ghost" disabled={!canUndo} onClick={onUndo}>
            <Undo2 aria-hidden />
            {STUDIO_LABELS.undo}
          </Button>
          <Button type="button" size="sm" variant="ghost" disabled={!canRedo} onClick={onRedo}>
            <Redo2 aria-hidden />
            {STUDIO_LABELS.redo}
          </Button>
          <Button type="button" size="sm" variant="ghost" disabled={!canClear} onClick={onClear}>
            <Eraser aria-hidden />
            {STUDIO_LABELS.clear}
          </Button>
        </div>
      </div>
      {pen.tool === 'text' && (
        <label className="flex max-w-sm flex-col gap-1 text-sm font-semibold text-ink">
          {STUDIO_LABELS.labelText}
          <input
            ref={textField}
            className={cn(inputClass, 'py-1.5')}
            value={pen.text}
            maxLength={REVIEW_TEXT_MAX}
            onChange={(e) => onPen({ ...pen, text: e.target.value })}
          />
          <span className="font-normal text-muted">{STUDIO_MESSAGES.textFirst}</span>
        </label>
      )}
      {pen.tool === 'angle' && <p className="text-sm text-muted">{STUDIO_MESSAGES.angleHint}</p>}
    </div>
  );
}
