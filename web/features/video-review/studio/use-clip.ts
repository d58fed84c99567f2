import { useSyncExternalStore } from 'react';
import type { ClipController, ClipSnapshot } from './clip-controller';

/** A clip's state for a component that shows it (re-rendered as its frames change). */
export const useClip = (clip: ClipController) =>
  useSyncExternalStore(clip.subscribe, clip.getSnapshot, clip.getSnapshot);

const nothing = () => () => undefined;
const none = () => null;

/** The same for a clip that may not be there (no second clip to compare). */
export const useOptionalClip = (clip: ClipController | null): ClipSnapshot | null =>
  useSyncExternalStore(
    clip?.subscribe ?? nothing,
    clip?.getSnapshot ?? none,
    clip?.getSnapshot ?? none,
  );
