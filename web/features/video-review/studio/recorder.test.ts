import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MAX_SECONDS } from '@contracts/video-review';
import { VoiceOverRecorder, type RecorderDevices } from './recorder';

/** A MediaRecorder that hands over one chunk per `requestData` and on stop, as browsers do. */
class FakeMediaRecorder extends EventTarget {
  static supported = new Set(['video/webm;codecs=vp8,opus']);
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported.has(type);
  static last: FakeMediaRecorder | null = null;
  state: RecordingState = 'inactive';
  ondataavailable: ((event: BlobEvent) => void) | null = null;
  readonly mimeType: string;
  calls: string[] = [];
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions = {},
  ) {
    super();
    this.mimeType = options.mimeType ?? '';
    FakeMediaRecorder.last = this;
  }
  start() {
    this.state = 'recording';
    this.calls.push('start');
  }
  pause() {
    this.state = 'paused';
    this.calls.push('pause');
  }
  resume() {
    this.state = 'recording';
    this.calls.push('resume');
  }
  stop() {
    this.state = 'inactive';
    this.calls.push('stop');
    queueMicrotask(() => {
      const data = Object.assign(new Event('dataavailable'), { data: new Blob(['frames']) });
      this.dispatchEvent(data);
      this.dispatchEvent(new Event('stop'));
    });
  }
}

const track = (kind: string) => ({ kind, stop: vi.fn() }) as unknown as MediaStreamTrack;
const stream = (tracks: MediaStreamTrack[]) =>
  ({
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
  }) as unknown as MediaStream;

let clock = 0;
let video: MediaStreamTrack;
let audio: MediaStreamTrack;
const devices = (change: Partial<RecorderDevices> = {}): RecorderDevices => ({
  MediaRecorder: FakeMediaRecorder as unknown as RecorderDevices['MediaRecorder'],
  canvasStream: () => stream([video]),
  microphone: () => Promise.resolve(stream([audio])),
  combine: (tracks) => stream(tracks),
  now: () => clock,
  createUrl: () => 'blob:review',
  revokeUrl: vi.fn(),
  ...change,
});

/** Lets the fake recorder's stop events arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  clock = 0;
  video = track('video');
  audio = track('audio');
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => vi.useRealTimers());

describe('the voice-over recorder', () => {
  it('records the canvas and the microphone, pauses without counting the pause, and stops with a recording', async () => {
    const recorder = new VoiceOverRecorder(devices());
    await recorder.start(null);
    const media = FakeMediaRecorder.last!;
    expect(media.options.mimeType).toBe('video/webm;codecs=vp8,opus');
    expect(media.stream.getTracks()).toEqual([video, audio]);
    expect(recorder.getState().status).toBe('recording');
    clock = 2000;
    recorder.pause();
    expect(recorder.getState()).toMatchObject({ status: 'paused', elapsedMs: 2000 });
    clock = 9000;
    recorder.resume();
    clock = 12_000;
    recorder.stop();
    await settle();
    const state = recorder.getState();
    expect(media.calls).toEqual(['start', 'pause', 'resume', 'stop']);
    expect(state.status).toBe('stopped');
    expect(state.recording).toMatchObject({ url: 'blob:review', durationMs: 5000 });
    expect(state.recording?.blob.type).toBe('video/webm;codecs=vp8,opus');
    // The microphone and the canvas's capture are released.
    expect(audio.stop).toHaveBeenCalled();
    expect(video.stop).toHaveBeenCalled();
  });

  it('records again: the recording is dropped and its link released', async () => {
    const d = devices();
    const recorder = new VoiceOverRecorder(d);
    await recorder.start(null);
    recorder.stop();
    await settle();
    recorder.discard();
    expect(recorder.getState()).toMatchObject({ status: 'idle', recording: null });
    expect(d.revokeUrl).toHaveBeenCalledWith('blob:review');
    await recorder.start(null);
    expect(recorder.getState().status).toBe('recording');
  });

  it(`stops by itself at ${REVIEW_MAX_SECONDS} s of recorded time`, async () => {
    const recorder = new VoiceOverRecorder(devices());
    await recorder.start(null);
    clock = REVIEW_MAX_SECONDS * 1000 - 1000;
    vi.advanceTimersByTime(250);
    expect(recorder.getState().status).toBe('recording');
    clock = REVIEW_MAX_SECONDS * 1000 + 10;
    vi.advanceTimersByTime(250);
    await settle();
    expect(recorder.getState().status).toBe('stopped');
    expect(recorder.getState().recording?.durationMs).toBe(REVIEW_MAX_SECONDS * 1000);
  });

  it('says so when the microphone is refused, and lets the canvas go', async () => {
    const recorder = new VoiceOverRecorder(
      devices({ microphone: () => Promise.reject(new DOMException('no', 'NotAllowedError')) }),
    );
    await recorder.start(null);
    expect(recorder.getState()).toMatchObject({ status: 'failed', error: 'microphoneDenied' });
    expect(video.stop).toHaveBeenCalled();
  });

  it('says so when the browser has no MediaRecorder, no type it records, or no canvas capture', async () => {
    for (const change of [
      { MediaRecorder: undefined },
      { canvasStream: () => null },
    ] satisfies Partial<RecorderDevices>[]) {
      const recorder = new VoiceOverRecorder(devices(change));
      await recorder.start(null);
      expect(recorder.getState()).toMatchObject({
        status: 'failed',
        error: 'recordingUnsupported',
      });
    }
    FakeMediaRecorder.supported = new Set();
    const recorder = new VoiceOverRecorder(devices());
    await recorder.start(null);
    expect(recorder.getState().error).toBe('recordingUnsupported');
    FakeMediaRecorder.supported = new Set(['video/webm;codecs=vp8,opus']);
  });
});
