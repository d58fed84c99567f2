import type { Drawing } from '@contracts/video-review';

/**
 * The drawings with their undo and redo (issue 38): every change (a drawing added, held, deleted,
 * all cleared) is one step back.
 */
export interface DrawingHistory {
  past: readonly (readonly Drawing[])[];
  present: readonly Drawing[];
  future: readonly (readonly Drawing[])[];
}

/** Steps kept to go back: far more than a review takes, without holding every stroke forever. */
const KEPT = 200;

export const emptyHistory: DrawingHistory = { past: [], present: [], future: [] };

/** `next` becomes the drawings; what was undone can no longer be redone. */
export function commit(history: DrawingHistory, next: readonly Drawing[]): DrawingHistory {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-KEPT), present: next, future: [] };
}

export function undo(history: DrawingHistory): DrawingHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo(history: DrawingHistory): DrawingHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const canUndo = (history: DrawingHistory) => history.past.length > 0;
export const canRedo = (history: DrawingHistory) => history.future.length > 0;

/**
 * A drawing held on screen until `timeMs` (issue 38: "Hold until here"); null when that is before
 * it starts, so the studio offers it only after.
 */
export function holdUntil(drawing: Drawing, timeMs: number): Drawing | null {
  const to = Math.round(timeMs);
  return to < drawing.from ? null : { ...drawing, to };
}

export const showToEnd = (drawing: Drawing): Drawing => ({ ...drawing, to: null });

/** The drawings with the one of `id` replaced (or removed, `next` null). */
export function replaceDrawing(
  drawings: readonly Drawing[],
  id: string,
  next: Drawing | null,
): readonly Drawing[] {
  return next === null
    ? drawings.filter((d) => d.id !== id)
    : drawings.map((d) => (d.id === id ? next : d));
}

/** A time on the clip to the hundredth of a second, for the drawings' list: 0:04.27. */
export function clipTime(ms: number): string {
  const hundredths = Math.max(0, Math.round(ms / 10));
  const minutes = Math.floor(hundredths / 6000);
  const seconds = ((hundredths % 6000) / 100).toFixed(2).padStart(5, '0');
  return `${minutes}:${seconds}`;
}
