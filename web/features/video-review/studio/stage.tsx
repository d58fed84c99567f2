import { useCallback, useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { Drawing, DrawingTool, Point } from '@contracts/video-review';
import type { ClipController } from './clip-controller';
import { FrameCache } from './compose';
import {
  draftPoints,
  pointerDown,
  pointerMove,
  pointerUp,
  type Draft,
  type DraftStep,
} from './shapes';
import { boxOf, clipAt, type StageLayout } from './stage-layout';

export interface Pen {
  tool: DrawingTool;
  colour: Drawing['colour'];
  width: Drawing['width'];
  text: string;
}

interface StageProps {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  layout: StageLayout;
  mode: 'side' | 'overlay';
  opacity: number;
  main: ClipController;
  compare: ClipController | null;
  drawings: readonly Drawing[];
  pen: Pen;
  /** While recording the stage redraws every animation frame, paused or not (ADR 092). */
  recording: boolean;
  onDrawn: (points: readonly Point[], clip: Drawing['clip']) => void;
  /** A press with the text tool and no text typed yet. */
  onNeedText: () => void;
  label: string;
}

/**
 * The stage: the one canvas the Coach sees, draws on and records. It redraws when a clip shows a
 * new frame, when the drawings change and, while a drawing is being made, as the pointer moves
 * (at most once per animation frame). Mouse, pen and touch draw alike (`touch-action: none`).
 */
export function Stage(props: StageProps) {
  const { canvasRef, layout, main, compare, recording } = props;
  const draft = useRef<{ draft: Draft; clip: Drawing['clip'] } | null>(null);
  const latest = useRef(props);
  const pending = useRef<number | null>(null);
  const [frames] = useState(() => new FrameCache());

  const paint = useCallback(() => {
    pending.current = null;
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const p = latest.current;
    const current = draft.current;
    frames.paint(ctx, {
      layout: p.layout,
      mode: p.mode,
      opacity: p.opacity,
      main: p.main.picture,
      compare: p.compare?.picture ?? null,
      drawings: p.drawings,
      mainMs: p.main.getSnapshot().time * 1000,
      compareMs: (p.compare?.getSnapshot().time ?? 0) * 1000,
      draft: current
        ? {
            id: 'draft',
            tool: current.draft.tool,
            colour: p.pen.colour,
            width: p.pen.width,
            points: [...draftPoints(current.draft)],
            clip: current.clip,
            from: 0,
            to: null,
          }
        : null,
    });
  }, [canvasRef, frames]);

  const request = useCallback(() => {
    if (pending.current === null) pending.current = requestAnimationFrame(paint);
  }, [paint]);

  useEffect(() => {
    latest.current = props;
    request();
  });

  useEffect(() => {
    const shown = () => {
      frames.invalidate();
      request();
    };
    const stops = [main.onFrame(shown), compare?.onFrame(shown)];
    return () => stops.forEach((stop) => stop?.());
  }, [main, compare, request, frames]);

  // Decoded frames are made at the size the stage draws them, so showing one is a copy.
  useEffect(() => {
    main.setFrameSize(layout.main.width, layout.main.height);
    if (compare && layout.compare)
      compare.setFrameSize(layout.compare.width, layout.compare.height);
  }, [main, compare, layout]);

  // Recording: a frame for the recorder every animation frame, so its frame rate stays constant.
  useEffect(() => {
    if (!recording) return;
    let frame = requestAnimationFrame(function loop() {
      paint();
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [recording, paint]);

  useEffect(
    () => () => {
      if (pending.current !== null) cancelAnimationFrame(pending.current);
    },
    [],
  );

  /** The event's place on the canvas, in its own pixels. */
  const canvasPoint = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * layout.width) / (rect.width || layout.width),
      y: ((event.clientY - rect.top) * layout.height) / (rect.height || layout.height),
    };
  };

  /** The point as a fraction of `clip`'s frame. */
  const onClip = (clip: Drawing['clip'], x: number, y: number): Point => {
    const box = boxOf(layout, clip);
    return { x: (x - box.x) / box.width, y: (y - box.y) / box.height };
  };

  const apply = (step: DraftStep, clip: Drawing['clip']) => {
    draft.current = step.draft ? { draft: step.draft, clip } : null;
    if (step.done) props.onDrawn(step.done, clip);
    request();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    const { x, y } = canvasPoint(event);
    const current = draft.current;
    const hit = current
      ? { clip: current.clip, point: onClip(current.clip, x, y) }
      : clipAt(layout, x, y, props.mode);
    if (!hit) return;
    if (props.pen.tool === 'text' && props.pen.text.trim() === '') {
      props.onNeedText();
      return;
    }
    // The stroke keeps its pointer when it leaves the canvas.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    apply(pointerDown(current?.draft ?? null, props.pen.tool, hit.point), hit.clip);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = draft.current;
    if (!current) return;
    const { x, y } = canvasPoint(event);
    apply(pointerMove(current.draft, onClip(current.clip, x, y)), current.clip);
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = draft.current;
    if (!current) return;
    const { x, y } = canvasPoint(event);
    apply(pointerUp(current.draft, onClip(current.clip, x, y)), current.clip);
  };

  // A tool changed half-way drops the half-made shape; so does Escape (the studio's keys).
  useEffect(() => {
    draft.current = null;
    request();
  }, [props.pen.tool, request]);
  useEffect(() => {
    const cancel = () => {
      draft.current = null;
      request();
    };
    const canvas = canvasRef.current;
    canvas?.addEventListener('studio-cancel', cancel);
    return () => canvas?.removeEventListener('studio-cancel', cancel);
  }, [canvasRef, request]);

  return (
    <canvas
      ref={canvasRef}
      width={layout.width}
      height={layout.height}
      aria-label={props.label}
      className="mx-auto block h-auto touch-none rounded-lg bg-black select-none"
      style={{ width: `min(100%, calc(70vh * ${layout.width} / ${layout.height}))` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        draft.current = null;
        request();
      }}
    />
  );
}
