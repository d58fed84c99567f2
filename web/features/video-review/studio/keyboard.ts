/**
 * The studio's keys (issue 38): space plays and pauses, the arrows and comma / full stop step one
 * frame, Ctrl or Cmd+Z undoes and with Shift redoes (Ctrl+Y too), Escape drops a shape half drawn.
 */
export type StudioKeyAction =
  'play-pause' | 'previous-frame' | 'next-frame' | 'undo' | 'redo' | 'cancel';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** What `press` does in the studio, or null to leave it to the page (typing, a focused control). */
export function studioKeyAction(
  press: KeyPress,
  target: 'text' | 'button' | 'other',
): StudioKeyAction | null {
  // A field keeps its keys: the label's text takes a space, a slider its arrows.
  if (target === 'text') return null;
  const command = press.ctrlKey || press.metaKey;
  if (command && !press.altKey) {
    const key = press.key.toLowerCase();
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && !press.shiftKey) return 'redo';
    return null;
  }
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  switch (press.key) {
    case ' ':
      // A focused button takes a space as its own click.
      return target === 'button' ? null : 'play-pause';
    case 'ArrowLeft':
    case ',':
      return 'previous-frame';
    case 'ArrowRight':
    case '.':
      return 'next-frame';
    case 'Escape':
      return 'cancel';
    default:
      return null;
  }
}

/** Which kind of element has the keyboard, for `studioKeyAction`. */
export function keyTarget(element: EventTarget | null): 'text' | 'button' | 'other' {
  if (!(element instanceof HTMLElement)) return 'other';
  if (element.isContentEditable) return 'text';
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'INPUT') return 'text';
  if (tag === 'BUTTON' || tag === 'A' || element.getAttribute('role') === 'button') return 'button';
  return 'other';
}
