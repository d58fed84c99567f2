import { describe, expect, it } from 'vitest';
import type { Drawing } from '@contracts/video-review';
import {
  canRedo,
  canUndo,
  clipTime,
  commit,
  emptyHistory,
  holdUntil,
  redo,
  replaceDrawing,
  showToEnd,
  undo,
} from './history';

const drawing = (id: string, from = 1000): Drawing => ({
  id,
  tool: 'arrow',
  colour: '#ff3b30',
  width: 6,
  points: [
    { x: 0.1, y: 0.1 },
    { x: 0.5, y: 0.5 },
  ],
  clip: 'main',
  from,
  to: null,
});

describe('undo and redo', () => {
  it('undoes and redoes every change in order; a new change drops what was undone', () => {
    const a = drawing('a');
    const b = drawing('b');
    let h = commit(emptyHistory, [a]);
    h = commit(h, [a, b]);
    expect(canRedo(h)).toBe(false);
    h = undo(h);
    expect(h.present).toEqual([a]);
    h = undo(h);
    expect(h.present).toEqual([]);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toEqual([a]);
    h = commit(h, []);
    expect(canRedo(h)).toBe(false);
    h = undo(h);
    expect(h.present).toEqual([a]);
  });

  it('undoes a clear as one step', () => {
    const h = commit(
      commit(commit(emptyHistory, [drawing('a')]), [drawing('a'), drawing('b')]),
      [],
    );
    expect(undo(h).present.map((d) => d.id)).toEqual(['a', 'b']);
  });
});

describe("a drawing's time on screen", () => {
  it('holds until the current time, never ending before it starts', () => {
    expect(holdUntil(drawing('a', 1000), 2500.4)?.to).toBe(2500);
    expect(holdUntil(drawing('a', 1000), 1000)?.to).toBe(1000);
    expect(holdUntil(drawing('a', 1000), 999)).toBeNull();
    expect(showToEnd({ ...drawing('a'), to: 3000 }).to).toBeNull();
  });

  it('changes or deletes one drawing of the list', () => {
    const list = [drawing('a'), drawing('b')];
    expect(replaceDrawing(list, 'a', null).map((d) => d.id)).toEqual(['b']);
    expect(replaceDrawing(list, 'b', { ...drawing('b'), to: 9 })[1]?.to).toBe(9);
  });

  it('reads times to the hundredth of a second', () => {
    expect(clipTime(4270)).toBe('0:04.27');
    expect(clipTime(65_000)).toBe('1:05.00');
    expect(clipTime(0)).toBe('0:00.00');
  });
});
