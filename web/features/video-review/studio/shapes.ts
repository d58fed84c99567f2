import {
  REVIEW_POINTS_MAX,
  TOOL_POINTS,
  type DrawingTool,
  type Point,
} from '@contracts/video-review';

/**
 * A drawing being made from pointer input (mouse, pen or touch alike). Freehand follows the
 * pointer while it is pressed. A shape takes its points one by one: each press fixes the first,
 * and each release away from the last fixed point fixes the next, so a drag (line from here to
 * there) and taps (angle: arm, corner, arm) both work. Text is placed with one press.
 */
export interface Draft {
  tool: DrawingTool;
  fixed: readonly Point[];
  /** Where the pointer is: the next point while it moves. */
  live: Point | null;
  pressing: boolean;
}

/** What a pointer event leaves: the draft going on, or the points of a finished drawing. */
export interface DraftStep {
  draft: Draft | null;
  done?: readonly Point[];
}

/** Less than this (a fraction of the frame) from the last point is the same point: a tap's wobble. */
const SAME_POINT = 0.01;
/** Freehand samples closer than this add nothing to the stroke but its size. */
const FREEHAND_SPACING = 0.002;

const clamp = (v: number) => Math.min(1, Math.max(0, v));
export const clampPoint = (p: Point): Point => ({ x: clamp(p.x), y: clamp(p.y) });
const apart = (a: Point, b: Point, distance: number) =>
  Math.hypot(a.x - b.x, a.y - b.y) >= distance;

export function pointerDown(draft: Draft | null, tool: DrawingTool, raw: Point): DraftStep {
  const point = clampPoint(raw);
  if (tool === 'text') return { draft: null, done: [point] };
  if (!draft || draft.tool !== tool) {
    return { draft: { tool, fixed: [point], live: point, pressing: true } };
  }
  return { draft: { ...draft, live: point, pressing: true } };
}

export function pointerMove(draft: Draft | null, raw: Point): DraftStep {
  if (!draft) return { draft };
  const point = clampPoint(raw);
  if (draft.tool === 'freehand') {
    const last = draft.fixed.at(-1);
    if (!draft.pressing || draft.fixed.length >= REVIEW_POINTS_MAX) return { draft };
    if (last && !apart(last, point, FREEHAND_SPACING)) return { draft };
    return { draft: { ...draft, fixed: [...draft.fixed, point], live: point } };
  }
  return { draft: { ...draft, live: point } };
}

export function pointerUp(draft: Draft | null, raw: Point): DraftStep {
  if (!draft) return { draft };
  const point = clampPoint(raw);
  if (draft.tool === 'freehand') return { draft: null, done: draft.fixed };
  const last = draft.fixed.at(-1);
  const fixed = last && apart(last, point, SAME_POINT) ? [...draft.fixed, point] : draft.fixed;
  if (fixed.length >= TOOL_POINTS[draft.tool].max) return { draft: null, done: fixed };
  return { draft: { ...draft, fixed, live: point, pressing: false } };
}

/** The points to preview: those fixed and, for a shape, the one under the pointer. */
export function draftPoints(draft: Draft): readonly Point[] {
  if (draft.tool === 'freehand' || !draft.live) return draft.fixed;
  const last = draft.fixed.at(-1);
  return last && apart(last, draft.live, SAME_POINT / 4)
    ? [...draft.fixed, draft.live]
    : draft.fixed;
}
