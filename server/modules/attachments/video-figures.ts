import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import type { VideoFigures } from '../../../contracts/attachments';

export const NO_FIGURES: VideoFigures = {
  durationMs: null,
  frameRate: null,
  width: null,
  height: null,
};

/** Packets read for the rate: a few seconds of any clip is enough, and the read stays cheap. */
const RATE_SAMPLE_PACKETS = 300;

const finite = (n: number) => (Number.isFinite(n) && n > 0 ? n : null);

/** The rates cameras and recorders use: a measured rate this close to one is that one. */
const COMMON_RATES = [23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60, 90, 100, 119.88, 120, 240];
const SNAP_WITHIN = 0.01;

/**
 * Frames a second from the video track's average packet rate (one packet a frame for every
 * common codec). mediabunny divides the packets by the time from the first to the last packet's
 * start, one frame short of the span they cover: a 2 s clip at 30 fps reads 30.5. The count is
 * put right, and a rate within 1 % of a common one is taken as the nearest such.
 */
export function frameRateOf(averagePacketRate: number, packetCount: number): number | null {
  const measured = finite(averagePacketRate);
  if (measured === null) return null;
  const rate = packetCount > 1 ? (measured * (packetCount - 1)) / packetCount : measured;
  const distance = (r: number) => Math.abs(rate - r) / r;
  const nearest = COMMON_RATES.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  return distance(nearest) <= SNAP_WITHIN ? nearest : Math.round(rate * 1000) / 1000;
}

/**
 * Reads a stored video's duration, frame rate and displayed size from its container with
 * mediabunny (the reader that cleaned it, ADR 083). A figure the file cannot give is null, never
 * a guess: the studio then falls back to FALLBACK_FRAME_RATE, and a review without a duration is
 * refused as unusable.
 */
export async function readVideoFigures(file: string): Promise<VideoFigures> {
  const input = new Input({ source: new FilePathSource(file), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryVideoTrack();
    const seconds = await input.computeDuration();
    const durationMs = finite(seconds) === null ? null : Math.round(seconds * 1000);
    if (!track) return { ...NO_FIGURES, durationMs };
    const stats = await track.computePacketStats(RATE_SAMPLE_PACKETS);
    return {
      durationMs,
      frameRate: frameRateOf(stats.averagePacketRate, stats.packetCount),
      width: finite(track.displayWidth),
      height: finite(track.displayHeight),
    };
  } catch {
    // The file was cleaned (read whole) just before: a figure it cannot give is only missing.
    return NO_FIGURES;
  } finally {
    input.dispose();
  }
}
