import { describe, expect, it } from 'vitest';
import { chooseRecordingType, recordingFileName } from './recording-format';

describe("the recording's format", () => {
  it('takes VP9 where the browser records it, then VP8, then MP4 (Safari)', () => {
    expect(chooseRecordingType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(chooseRecordingType((t) => t.includes('vp8'))).toBe('video/webm;codecs=vp8,opus');
    expect(chooseRecordingType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(chooseRecordingType(() => false)).toBeNull();
  });

  it('names the file by its container', () => {
    expect(recordingFileName('video/mp4')).toBe('video-review.mp4');
    expect(recordingFileName('video/webm;codecs=vp8,opus')).toBe('video-review.webm');
  });
});
