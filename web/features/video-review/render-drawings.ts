import { getStroke } from 'perfect-freehand';
import type { Drawing, Point } from '@contracts/video-review';

/** Where a clip's frame is on the canvas, in canvas pixels. */
export interface FrameBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Widths are pixels of a 1000-pixel-wide frame (DRAWING_WIDTHS), scaled with the frame shown. */
const REFERENCE_WIDTH = 1000;

/** Whether `drawing` shows at `timeMs` of its clip: from its start to its end, both included. */
export function showsAt(drawing: Drawing, timeMs: number): boolean {
  return drawing.from <= timeMs && (drawing.to === null || timeMs <= drawing.to);
}

/** The angle at `vertex` between the arms to `a` and `b`, in whole degrees (0..180). */
export function angleDegrees(a: Point, vertex: Point, b: Point, aspect = 1): number {
  // Points are fractions of the frame: a non-square frame stretches x by its aspect ratio.
  const ax = (a.x - vertex.x) * aspect;
  const ay = a.y - vertex.y;
  const bx = (b.x - vertex.x) * aspect;
  const by = b.y - vertex.y;
  const lengths = Math.hypot(ax, ay) * Math.hypot(bx, by);
  if (lengths === 0) return 0;
  const cos = Math.min(1, Math.max(-1, (ax * bx + ay * by) / lengths));
  return Math.round((Math.acos(cos) * 180) / Math.PI);
}

const toCanvas = (point: Point, box: FrameBox) => ({
  x: box.x + point.x * box.width,
  y: box.y + point.y * box.height,
});

/** Draws one drawing on `ctx` over the frame at `box`. */
export function renderDrawing(ctx: CanvasRenderingContext2D, drawing: Drawing, box: FrameBox) {
  const width = (drawing.width * box.width) / REFERENCE_WIDTH;
  const points = drawing.points.map((p) => toCanvas(p, box));
  ctx.save();
  ctx.strokeStyle = drawing.colour;
  ctx.fillStyle = drawing.colour;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const [first, second, third] = points;
  switch (drawing.tool) {
    case 'freehand': {
      // perfect-freehand turns the samples into the outline of a pressure-like stroke.
      const outline = getStroke(
        points.map((p) => [p.x, p.y]),
        { size: width * 1.6, thinning: 0.4, smoothing: 0.5, streamline: 0.4 },
      );
      if (outline.length === 0) break;
      ctx.beginPath();
      ctx.moveTo(outline[0]![0]!, outline[0]![1]!);
      for (const [x, y] of outline.slice(1)) ctx.lineTo(x!, y!);
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'line':
    case 'arrow': {
      if (!first || !second) break;
      ctx.beginPath();
      ctx.moveTo(first.x, first.y);
      ctx.lineTo(second.x, second.y);
      ctx.stroke();
      if (drawing.tool === 'arrow') arrowHead(ctx, first, second, width);
      break;
    }
    case 'ellipse': {
      if (!first || !second) break;
      ctx.beginPath();
      ctx.ellipse(
        (first.x + second.x) / 2,
        (first.y + second.y) / 2,
        Math.abs(second.x - first.x) / 2,
        Math.abs(second.y - first.y) / 2,
        0,
        0,
        Math.PI * 2,
      );
      ctx.stroke();
      break;
    }
    case 'angle': {
      if (!first || !second || !third) break;
      ctx.beginPath();
      ctx.moveTo(first.x, first.y);
      ctx.lineTo(second.x, second.y);
      ctx.lineTo(third.x, third.y);
      ctx.stroke();
      const [a, vertex, b] = drawing.points as [Point, Point, Point];
      const degrees = angleDegrees(a, vertex, b, box.width / box.height);
      const radius = Math.max(12, box.width * 0.04);
      const start = Math.atan2(first.y - second.y, first.x - second.x);
      const end = Math.atan2(third.y - second.y, third.x - second.x);
      // The arc goes the short way round, where the angle is.
      let sweep = end - start;
      if (sweep > Math.PI) sweep -= Math.PI * 2;
      if (sweep < -Math.PI) sweep += Math.PI * 2;
      ctx.beginPath();
      ctx.arc(second.x, second.y, radius, start, start + sweep, sweep < 0);
      ctx.stroke();
      const middle = start + sweep / 2;
      label(
        ctx,
        `${degrees}°`,
        second.x + Math.cos(middle) * radius * 1.9,
        second.y + Math.sin(middle) * radius * 1.9,
        box,
        drawing.colour,
        'center',
      );
      break;
    }
    case 'text': {
      if (!first) break;
      label(ctx, drawing.text ?? '', first.x, first.y, box, drawing.colour, 'left');
      break;
    }
  }
  ctx.restore();
}

/** Draws every drawing of `clip` that shows at `timeMs`, in the order they were made. */
export function renderDrawings(
  ctx: CanvasRenderingContext2D,
  drawings: readonly Drawing[],
  clip: Drawing['clip'],
  timeMs: number,
  box: FrameBox,
) {
  for (const drawing of drawings) {
    if (drawing.clip === clip && showsAt(drawing, timeMs)) renderDrawing(ctx, drawing, box);
  }
}

function arrowHead(
  ctx: CanvasRenderingContext2D,
  from: { x: number; y: number },
  to: { x: number; y: number },
  width: number,
) {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const size = Math.max(10, width * 4);
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(
    to.x - size * Math.cos(angle - Math.PI / 7),
    to.y - size * Math.sin(angle - Math.PI / 7),
  );
  ctx.lineTo(
    to.x - size * Math.cos(angle + Math.PI / 7),
    to.y - size * Math.sin(angle + Math.PI / 7),
  );
  ctx.closePath();
  ctx.fill();
}

/** Text outlined in black or white, so it reads on any frame. */
function label(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  box: FrameBox,
  colour: string,
  align: CanvasTextAlign,
) {
  const size = Math.max(12, Math.round(box.width * 0.035));
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.lineWidth = Math.max(2, size / 6);
  ctx.strokeStyle = colour === '#000000' ? '#ffffff' : '#000000';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}
