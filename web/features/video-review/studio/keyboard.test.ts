import { describe, expect, it } from 'vitest';
import { studioKeyAction, type KeyPress } from './keyboard';

const press = (key: string, change: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...change,
});

describe("the studio's keys", () => {
  it('plays and pauses with space, steps with the arrows and with comma and full stop', () => {
    expect(studioKeyAction(press(' '), 'other')).toBe('play-pause');
    expect(studioKeyAction(press('ArrowLeft'), 'other')).toBe('previous-frame');
    expect(studioKeyAction(press(','), 'other')).toBe('previous-frame');
    expect(studioKeyAction(press('ArrowRight'), 'other')).toBe('next-frame');
    expect(studioKeyAction(press('.'), 'other')).toBe('next-frame');
    expect(studioKeyAction(press('Escape'), 'other')).toBe('cancel');
  });

  it('undoes with Ctrl or Cmd+Z and redoes with Shift, or Ctrl+Y', () => {
    expect(studioKeyAction(press('z', { ctrlKey: true }), 'other')).toBe('undo');
    expect(studioKeyAction(press('z', { metaKey: true }), 'other')).toBe('undo');
    expect(studioKeyAction(press('Z', { metaKey: true, shiftKey: true }), 'other')).toBe('redo');
    expect(studioKeyAction(press('y', { ctrlKey: true }), 'other')).toBe('redo');
    expect(studioKeyAction(press('ArrowRight', { ctrlKey: true }), 'other')).toBeNull();
  });

  it('leaves keys to a field being typed in, and a space to a focused button', () => {
    expect(studioKeyAction(press(' '), 'text')).toBeNull();
    expect(studioKeyAction(press('z', { ctrlKey: true }), 'text')).toBeNull();
    expect(studioKeyAction(press(' '), 'button')).toBeNull();
    expect(studioKeyAction(press('.'), 'button')).toBe('next-frame');
  });
});
