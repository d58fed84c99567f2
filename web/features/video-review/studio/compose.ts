import type { Drawing } from '@contracts/video-review';
import { renderDrawing, renderDrawings, type FrameBox } from '../render-drawings';
import type { Picture } from './frame-decoder';
import type { StageLayout } from './stage-layout';

/** A clip's frame to draw: its `<video>`, or the decoded frame a step showed (ADR 096). */
export type ClipPicture = HTMLVideoElement | Picture;

/** What the stage shows at one moment: the frames and the drawings that show at their clips' times. */
export interface StageScene {
  layout: StageLayout;
  mode: 'side' | 'overlay';
  opacity: number;
  main: ClipPicture | null;
  compare: ClipPicture | null;
  drawings: readonly Drawing[];
  mainMs: number;
  compareMs: number;
  /** A drawing being made, previewed as it goes. */
  draft: Drawing | null;
}

/** What the frames alone depend on: while it stays the same, so does their picture. */
export type FramesScene = Pick<StageScene, 'layout' | 'mode' | 'opacity' | 'main' | 'compare'>;

/**
 * Whether a clip has a frame to draw (a seeking video has none until its new frame is decoded; a
 * decoded frame always has).
 */
export const hasFrame = (video: ClipPicture | null) =>
  !video || !('readyState' in video) || video.readyState >= 2;

/** A clip's current frame, once it has one to draw. */
function drawFrame(ctx: CanvasRenderingContext2D, video: ClipPicture | null, box: FrameBox) {
  if (!video || !hasFrame(video)) return;
  ctx.drawImage(video, box.x, box.y, box.width, box.height);
}

/** The clips' frames on black: the part of the stage that changes only with a new frame. */
export function composeFrames(ctx: CanvasRenderingContext2D, scene: FramesScene) {
  const { layout } = scene;
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, layout.width, layout.height);
  drawFrame(ctx, scene.main, layout.main);
  if (layout.compare) {
    ctx.save();
    if (scene.mode === 'overlay') ctx.globalAlpha = scene.opacity;
    drawFrame(ctx, scene.compare, layout.compare);
    ctx.restore();
  }
}

/** The drawings that show at each clip's time, and the one being made, over the frames. */
export function composeDrawings(ctx: CanvasRenderingContext2D, scene: StageScene) {
  const { layout } = scene;
  renderDrawings(ctx, scene.drawings, 'main', scene.mainMs, layout.main);
  if (layout.compare) {
    renderDrawings(ctx, scene.drawings, 'compare', scene.compareMs, layout.compare);
  }
  const draft = scene.draft;
  if (draft) {
    const box = draft.clip === 'compare' && layout.compare ? layout.compare : layout.main;
    // An angle with its first arm only is previewed as that arm.
    const preview: Drawing =
      draft.tool === 'angle' && draft.points.length < 3 ? { ...draft, tool: 'line' } : draft;
    renderDrawing(ctx, preview, box);
  }
}

/**
 * Composes the stage (ADR 092): one canvas holds the frame (or the two frames) and the drawings,
 * so the recording, which captures this canvas, is what the Coach sees.
 */
export function composeStage(ctx: CanvasRenderingContext2D, scene: StageScene) {
  composeFrames(ctx, scene);
  composeDrawings(ctx, scene);
}

/**
 * The stage's frames kept between paints (the bench's trace, issue 38): drawing a video frame
 * onto a canvas converts and scales the whole frame, most of a paint's time at CPU ×4 on a 1080p
 * clip, while a stroke being drawn changes only the drawings. Each paint copies the kept frames
 * and draws the drawings over them; the frames are drawn again only when a clip shows a new
 * frame (`invalidate`) or the layout changes. While a clip is seeking (a frame step) it has no
 * frame to draw: the kept one stays on screen until the new one comes, where the stage would
 * otherwise flash black between two frames.
 */
export class FrameCache {
  private canvas: HTMLCanvasElement | null = null;
  private scene: FramesScene | null = null;
  private stale = true;

  /** A clip showed a new frame (or may have): draw the frames again at the next paint. */
  invalidate() {
    this.stale = true;
  }

  private sameLayout(scene: FramesScene) {
    const kept = this.scene;
    return (
      kept !== null &&
      kept.layout === scene.layout &&
      kept.mode === scene.mode &&
      kept.opacity === scene.opacity
    );
  }

  private samePictures(scene: FramesScene) {
    return this.scene?.main === scene.main && this.scene.compare === scene.compare;
  }

  /** Paints the whole stage on `ctx`: the kept frames (drawn again when stale), then the drawings. */
  paint(ctx: CanvasRenderingContext2D, scene: StageScene) {
    const { width, height } = scene.layout;
    const sameLayout = this.sameLayout(scene);
    // A frame a seek is still decoding is not drawn over the one on screen (while the layout
    // stays), nor is a `<video>` taking over from a decoded frame before it has its own.
    const changed = this.stale || !this.samePictures(scene);
    const ready = hasFrame(scene.main) && (!scene.layout.compare || hasFrame(scene.compare));
    if (!this.canvas) this.canvas = document.createElement('canvas');
    const cache = this.canvas;
    const cacheCtx = cache.getContext('2d');
    if (!cacheCtx) {
      composeStage(ctx, scene);
      return;
    }
    if (!sameLayout || (changed && ready)) {
      if (cache.width !== width || cache.height !== height) {
        cache.width = width;
        cache.height = height;
      }
      composeFrames(cacheCtx, scene);
      this.scene = {
        layout: scene.layout,
        mode: scene.mode,
        opacity: scene.opacity,
        main: scene.main,
        compare: scene.compare,
      };
      this.stale = !ready;
    }
    ctx.drawImage(cache, 0, 0);
    composeDrawings(ctx, scene);
  }
}
