import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBrowserTimedClip } from '../../test/review-clip';
import { transcodeToMp4 } from './ffmpeg';

/** The frames of a file's video track, counted by a real demuxer. */
async function framesOf(file: string) {
  const input = new Input({ source: new FilePathSource(file), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  const { packetCount } = (await track?.computePacketStats()) ?? { packetCount: 0 };
  input.dispose();
  return packetCount;
}

describe("a review video's transcode (ADR 090)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'playbook-transcode-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("keeps a browser recording's frames once each, though its WebM declares 1000 fps", async () => {
    const recording = path.join(dir, 'recording.webm');
    await makeBrowserTimedClip(recording);
    const review = path.join(dir, 'review.mp4');
    await transcodeToMp4(recording, review, 2000, () => undefined);
    const frames = await framesOf(recording);
    expect(frames).toBeGreaterThan(90);
    // A constant-rate output repeated each frame into every millisecond: 2,000 frames.
    expect(await framesOf(review)).toBe(frames);
  });
});
