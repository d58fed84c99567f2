/**
 * The recording's container and codecs, in the order the studio asks the browser (ADR 092):
 * Chromium and Firefox record WebM (VP9 or VP8 with Opus), Safari MP4. The server transcodes each
 * to MP4 (H.264 and AAC) so every browser plays the review (ADR 090).
 */
export const RECORDING_TYPES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/mp4',
] as const;

/** The first type this browser's MediaRecorder supports, or null when it records none of them. */
export function chooseRecordingType(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

/** The recording's file name, by its container, for the upload. */
export const recordingFileName = (type: string) =>
  `video-review.${type.startsWith('video/mp4') ? 'mp4' : 'webm'}`;
