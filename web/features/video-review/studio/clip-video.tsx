import { useEffect } from 'react';
import type { ClipController } from './clip-controller';

/**
 * A clip's `<video>`, which the stage draws from: in the page (a browser may not decode frames of
 * a video outside it) but not seen, and muted (the voice-over is the Coach's voice, not the
 * clip's sound). `crossOrigin` keeps the canvas recordable when files come from a storage host.
 * The same file feeds the clip's frame decoder, which steps without seeking while paused.
 */
export function ClipVideo({ controller, url }: { controller: ClipController; url: string | null }) {
  const { attach } = controller;
  useEffect(() => controller.setSource(url), [controller, url]);
  useEffect(() => () => controller.dispose(), [controller]);
  return (
    <video
      ref={attach}
      src={url ?? undefined}
      crossOrigin="anonymous"
      muted
      playsInline
      preload="auto"
      aria-hidden
      tabIndex={-1}
      className="pointer-events-none fixed top-0 left-0 size-px opacity-[0.01]"
    />
  );
}
