/**
 * Two clips played together (issue 38): each has a sync point, the times (ms) that show together;
 * the compared clip's time follows the Player's clip's at the same offset.
 */
export interface SyncPoints {
  syncMain: number;
  syncCompare: number;
}

/** The compared clip's time (ms) that goes with the Player's clip at `mainMs`, never before 0. */
export const compareTimeFor = (mainMs: number, sync: SyncPoints) =>
  Math.max(0, sync.syncCompare + (mainMs - sync.syncMain));

/** The sync points once both are set, else null: the clips move on their own until then. */
export function syncOf(syncMain: number | null, syncCompare: number | null): SyncPoints | null {
  return syncMain === null || syncCompare === null ? null : { syncMain, syncCompare };
}
