import { useEffect, useSyncExternalStore, type RefObject } from 'react';
import type { VideoFigures } from '@contracts/attachments';
import type { ClipController } from './clip-controller';
import { keyTarget, studioKeyAction } from './keyboard';
import type { Size } from './stage-layout';
import { compareTimeFor, type SyncPoints } from './sync';

const DEFAULT_SIZE: Size = { width: 1280, height: 720 };

/**
 * A clip's frame size: its video's own once known, else the server's figures, else 16:9. Read as
 * text so the studio re-renders when the size changes, not at every frame.
 */
export function useSize(clip: ClipController | null, figures: VideoFigures | null): Size {
  const key = useSyncExternalStore(clip?.subscribe ?? (() => () => undefined), () => {
    const size = clip?.getSnapshot().size;
    if (size) return `${size.width}x${size.height}`;
    if (figures?.width && figures.height) return `${figures.width}x${figures.height}`;
    return `${DEFAULT_SIZE.width}x${DEFAULT_SIZE.height}`;
  });
  const [width, height] = key.split('x').map(Number);
  return { width: width!, height: height! };
}

/**
 * Once both sync points are set, the compared clip follows the Player's: it plays, pauses and
 * changes speed with it, and shows the frame at the same offset from its sync point after each
 * step or seek (and whenever playback drifts more than three frames apart).
 */
export function useFollow(
  main: ClipController,
  compare: ClipController | null,
  sync: SyncPoints | null,
) {
  useEffect(() => {
    if (!compare || !sync) return;
    const follow = () => {
      const m = main.getSnapshot();
      const c = compare.getSnapshot();
      const expected = compareTimeFor(m.time * 1000, sync) / 1000;
      if (c.speed !== m.speed) compare.setSpeed(m.speed);
      const apart = Math.abs(c.time - expected);
      if (m.playing) {
        if (!c.playing) compare.play();
        if (apart > 3 / c.frameRate) compare.seek(expected);
      } else {
        if (c.playing) compare.pause();
        if (apart > 0.5 / c.frameRate) compare.seek(expected);
      }
    };
    follow();
    return main.subscribe(follow);
  }, [main, compare, sync]);
}

/** The studio's keys on the whole page (keyboard.ts decides what each does). */
export function useStudioKeys(
  main: ClipController,
  canvas: RefObject<HTMLCanvasElement | null>,
  actions: { undo: () => void; redo: () => void },
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = studioKeyAction(event, keyTarget(event.target));
      if (!action) return;
      event.preventDefault();
      if (action === 'play-pause') main.toggle();
      else if (action === 'previous-frame') main.step(-1);
      else if (action === 'next-frame') main.step(1);
      else if (action === 'undo') actions.undo();
      else if (action === 'redo') actions.redo();
      else canvas.current?.dispatchEvent(new Event('studio-cancel'));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [main, canvas, actions]);
}
