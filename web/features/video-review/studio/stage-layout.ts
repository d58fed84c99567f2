import type { Point } from '@contracts/video-review';
import type { FrameBox } from '../render-drawings';

/**
 * Where the clips' frames go on the stage canvas (ADR 092). The canvas has a fixed size while the
 * studio is open (what is recorded keeps one size), at most STAGE_MAX pixels each way: a frame
 * alone fills it at its aspect ratio, two side by side share its width, and an overlaid clip is
 * fitted inside the Player's frame.
 */
export const STAGE_MAX = 1280;

export interface Size {
  width: number;
  height: number;
}

export interface StageLayout {
  width: number;
  height: number;
  main: FrameBox;
  compare: FrameBox | null;
}

/** Encoders want even sizes. */
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** `size` scaled to fit inside `width` × `height`, centred there. */
function fit(size: Size, x: number, y: number, width: number, height: number): FrameBox {
  const scale = Math.min(width / size.width, height / size.height);
  const w = size.width * scale;
  const h = size.height * scale;
  return { x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h };
}

/** A frame's size scaled so its longer side is `max`. */
function scaledTo(size: Size, maxWidth: number, maxHeight: number): Size {
  const scale = Math.min(maxWidth / size.width, maxHeight / size.height);
  return { width: size.width * scale, height: size.height * scale };
}

export function stageLayout(
  main: Size,
  compare: Size | null,
  layout: 'side' | 'overlay',
): StageLayout {
  if (!compare || layout === 'overlay') {
    const size = scaledTo(main, STAGE_MAX, STAGE_MAX);
    const width = even(size.width);
    const height = even(size.height);
    const mainBox = fit(main, 0, 0, width, height);
    return { width, height, main: mainBox, compare: compare ? fitBox(compare, mainBox) : null };
  }
  const cell = STAGE_MAX / 2;
  const left = scaledTo(main, cell, STAGE_MAX);
  const right = scaledTo(compare, cell, STAGE_MAX);
  const height = even(Math.max(left.height, right.height));
  return {
    width: STAGE_MAX,
    height,
    main: fit(main, 0, 0, cell, height),
    compare: fit(compare, cell, 0, cell, height),
  };
}

const fitBox = (size: Size, box: FrameBox) => fit(size, box.x, box.y, box.width, box.height);

/**
 * The clip under a point of the canvas and the point as a fraction of that clip's frame; null
 * outside every frame. Overlaid, the drawing goes on the clip `overlayClip` names.
 */
export function clipAt(
  layout: StageLayout,
  x: number,
  y: number,
  mode: 'side' | 'overlay',
  overlayClip: 'main' | 'compare' = 'main',
): { clip: 'main' | 'compare'; point: Point } | null {
  const inside = (box: FrameBox) =>
    x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
  const relative = (box: FrameBox): Point => ({
    x: (x - box.x) / box.width,
    y: (y - box.y) / box.height,
  });
  if (layout.compare && mode === 'overlay') {
    const box = overlayClip === 'compare' ? layout.compare : layout.main;
    return { clip: overlayClip, point: relative(box) };
  }
  if (layout.compare && inside(layout.compare)) {
    return { clip: 'compare', point: relative(layout.compare) };
  }
  if (inside(layout.main)) return { clip: 'main', point: relative(layout.main) };
  return null;
}

/** The box a drawing on `clip` is drawn in. */
export const boxOf = (layout: StageLayout, clip: 'main' | 'compare') =>
  clip === 'compare' && layout.compare ? layout.compare : layout.main;
