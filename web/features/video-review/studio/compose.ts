import type { Drawing } from '@contracts/video-review';
import { renderDrawing, renderDrawings, type FrameBox } from '../render-drawings';
import type { StageLayout } from './stage-layout';

/** What the stage shows at one moment: the frames and the drawings that show at their clips' times. */
export interface StageScene {
  layout: StageLayout;
  mode: 'side' | 'overlay';
  opacity: number;
  main: HTMLVideoElement | null;
  compare: HTMLVideoElement | null;
  drawings: readonly Drawing[];
  mainMs: number;
  compareMs: number;
  /** A drawing being made, previewed as it goes. */
  draft: Drawing | null;
}

/** A video's current frame, once it has one to draw. */
function drawFrame(ctx: CanvasRenderingContext2D, video: HTMLVideoElement | null, box: FrameBox) {
  if (!video || video.readyState < 2) return;
  ctx.drawImage(video, box.x, box.y, box.width, box.height);
}

/**
 * Composes the stage (ADR 092): one canvas holds the frame (or the two frames) and the drawings,
 * so the recording, which captures this canvas, is what the Coach sees.
 */
export function composeStage(ctx: CanvasRenderingContext2D, scene: StageScene) {
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
