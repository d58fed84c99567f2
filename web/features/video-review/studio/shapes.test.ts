import { describe, expect, it } from 'vitest';
import { TOOL_POINTS, type DrawingTool, type Point } from '@contracts/video-review';
import { draftPoints, pointerDown, pointerMove, pointerUp, type Draft } from './shapes';

const p = (x: number, y: number): Point => ({ x, y });

/** A press at `from`, moves through `path`, a release at its end. */
function drag(draft: Draft | null, tool: DrawingTool, from: Point, path: Point[]) {
  let step = pointerDown(draft, tool, from);
  for (const point of path) step = pointerMove(step.draft, point);
  return pointerUp(step.draft, path.at(-1) ?? from);
}
const tap = (draft: Draft | null, tool: DrawingTool, at: Point) => drag(draft, tool, at, []);

describe('drawing from pointer input', () => {
  it('draws a line or an arrow with one drag', () => {
    for (const tool of ['line', 'arrow', 'ellipse'] as const) {
      const step = drag(null, tool, p(0.1, 0.2), [p(0.3, 0.3), p(0.6, 0.7)]);
      expect(step.draft).toBeNull();
      expect(step.done).toEqual([p(0.1, 0.2), p(0.6, 0.7)]);
      expect(step.done).toHaveLength(TOOL_POINTS[tool].max);
    }
  });

  it('draws a line with two taps too, and previews the second end under the pointer', () => {
    let step = tap(null, 'arrow', p(0.2, 0.2));
    expect(step.done).toBeUndefined();
    step = pointerMove(step.draft, p(0.5, 0.5));
    expect(draftPoints(step.draft!)).toEqual([p(0.2, 0.2), p(0.5, 0.5)]);
    step = tap(step.draft, 'arrow', p(0.8, 0.4));
    expect(step.done).toEqual([p(0.2, 0.2), p(0.8, 0.4)]);
  });

  it('takes three points for an angle: a drag for the first arm, a tap for the second', () => {
    let step = drag(null, 'angle', p(0.2, 0.2), [p(0.5, 0.5)]);
    expect(step.done).toBeUndefined();
    expect(step.draft?.fixed).toEqual([p(0.2, 0.2), p(0.5, 0.5)]);
    step = tap(step.draft, 'angle', p(0.8, 0.2));
    expect(step.done).toEqual([p(0.2, 0.2), p(0.5, 0.5), p(0.8, 0.2)]);
    // Or three taps.
    step = tap(
      tap(tap(null, 'angle', p(0.1, 0.1)).draft, 'angle', p(0.4, 0.4)).draft,
      'angle',
      p(0.7, 0.1),
    );
    expect(step.done).toHaveLength(3);
  });

  it('follows a freehand stroke while pressed, and ignores a hovering pointer', () => {
    let step = pointerDown(null, 'freehand', p(0.1, 0.1));
    step = pointerMove(step.draft, p(0.2, 0.1));
    step = pointerMove(step.draft, p(0.2001, 0.1));
    step = pointerMove(step.draft, p(0.3, 0.2));
    step = pointerUp(step.draft, p(0.3, 0.2));
    expect(step.done).toEqual([p(0.1, 0.1), p(0.2, 0.1), p(0.3, 0.2)]);
    expect(pointerMove(null, p(0.5, 0.5)).draft).toBeNull();
  });

  it('places a text label with one press', () => {
    expect(pointerDown(null, 'text', p(0.4, 0.5))).toEqual({ draft: null, done: [p(0.4, 0.5)] });
  });

  it('keeps every point on the frame, as fractions 0..1', () => {
    const step = drag(null, 'line', p(-0.2, 0.5), [p(1.4, 1.1)]);
    expect(step.done).toEqual([p(0, 0.5), p(1, 1)]);
  });

  it('does not finish a shape from a tap alone', () => {
    expect(tap(null, 'line', p(0.5, 0.5)).done).toBeUndefined();
  });
});
