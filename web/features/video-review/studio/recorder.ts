import {
  RECORDING_FRAME_RATE,
  RECORDING_VIDEO_BITS_PER_SECOND,
  REVIEW_MAX_SECONDS,
} from '@contracts/video-review';
import { chooseRecordingType } from './recording-format';

/**
 * The voice-over recorder (issue 38): the stage canvas's stream and the microphone into one
 * MediaRecorder. idle → starting → recording ⇄ paused → stopped (the recording to preview and
 * send); record again discards it. It stops by itself at REVIEW_MAX_SECONDS of recorded time
 * (pauses not counted). A refused microphone or a browser that cannot record ends in `failed`.
 */
export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'paused' | 'stopped' | 'failed';

export interface Recording {
  blob: Blob;
  url: string;
  type: string;
  durationMs: number;
}

export interface RecorderState {
  status: RecorderStatus;
  /** Recorded time so far, pauses not counted. */
  elapsedMs: number;
  error: 'microphoneDenied' | 'recordingUnsupported' | null;
  recording: Recording | null;
}

type RecorderClass = Pick<typeof MediaRecorder, 'isTypeSupported'> &
  (new (stream: MediaStream, options?: MediaRecorderOptions) => MediaRecorder);

/** What the recorder needs from the browser, so a test can hand it fakes. */
export interface RecorderDevices {
  MediaRecorder: RecorderClass | undefined;
  /** The stage canvas's stream at RECORDING_FRAME_RATE; null where canvases cannot be captured. */
  canvasStream: (canvas: HTMLCanvasElement | null, frameRate: number) => MediaStream | null;
  microphone: () => Promise<MediaStream>;
  combine: (tracks: MediaStreamTrack[]) => MediaStream;
  now: () => number;
  createUrl: (blob: Blob) => string;
  revokeUrl: (url: string) => void;
}

const idle: RecorderState = { status: 'idle', elapsedMs: 0, error: null, recording: null };
const LIMIT_MS = REVIEW_MAX_SECONDS * 1000;
/** How often the elapsed time is told and the limit checked. */
const TICK_MS = 250;
/** The recorder hands over its data every second, so a long recording is not one huge buffer. */
const TIMESLICE_MS = 1000;

export class VoiceOverRecorder {
  private state: RecorderState = idle;
  private readonly listeners = new Set<() => void>();
  private recorder: MediaRecorder | null = null;
  private streams: MediaStream[] = [];
  private chunks: Blob[] = [];
  private recordedMs = 0;
  private since: number | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly devices: RecorderDevices) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(change: Partial<RecorderState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private elapsed() {
    return this.recordedMs + (this.since === null ? 0 : this.devices.now() - this.since);
  }

  /** Records `canvas` (the stage) with the microphone. */
  async start(canvas: HTMLCanvasElement | null) {
    if (this.state.status !== 'idle' && this.state.status !== 'failed') return;
    const Recorder = this.devices.MediaRecorder;
    const type = Recorder ? chooseRecordingType((t) => Recorder.isTypeSupported(t)) : null;
    const video = Recorder && type ? this.devices.canvasStream(canvas, RECORDING_FRAME_RATE) : null;
    if (!Recorder || !type || !video) {
      this.set({ status: 'failed', error: 'recordingUnsupported' });
      return;
    }
    this.set({ status: 'starting', error: null });
    let microphone: MediaStream;
    try {
      microphone = await this.devices.microphone();
    } catch {
      video.getTracks().forEach((t) => t.stop());
      this.set({ status: 'failed', error: 'microphoneDenied' });
      return;
    }
    this.streams = [video, microphone];
    const stream = this.devices.combine([
      ...video.getVideoTracks(),
      ...microphone.getAudioTracks(),
    ]);
    const recorder = new Recorder(stream, {
      mimeType: type,
      videoBitsPerSecond: RECORDING_VIDEO_BITS_PER_SECOND,
    });
    this.recorder = recorder;
    this.chunks = [];
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => this.finish(recorder.mimeType || type));
    recorder.start(TIMESLICE_MS);
    this.recordedMs = 0;
    this.since = this.devices.now();
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.set({ status: 'recording', elapsedMs: 0 });
  }

  private tick() {
    const elapsedMs = Math.min(LIMIT_MS, this.elapsed());
    if (elapsedMs >= LIMIT_MS) this.stop();
    else if (this.state.status === 'recording') this.set({ elapsedMs });
  }

  pause() {
    if (this.state.status !== 'recording' || !this.recorder) return;
    this.recorder.pause();
    this.recordedMs = this.elapsed();
    this.since = null;
    this.set({ status: 'paused', elapsedMs: this.recordedMs });
  }

  resume() {
    if (this.state.status !== 'paused' || !this.recorder) return;
    this.recorder.resume();
    this.since = this.devices.now();
    this.set({ status: 'recording' });
  }

  stop() {
    if ((this.state.status !== 'recording' && this.state.status !== 'paused') || !this.recorder) {
      return;
    }
    this.recordedMs = Math.min(LIMIT_MS, this.elapsed());
    this.since = null;
    this.stopTicking();
    this.set({ elapsedMs: this.recordedMs });
    // The last data and then 'stop' arrive after this returns; `finish` takes them.
    this.recorder.stop();
  }

  private finish(type: string) {
    this.releaseDevices();
    const blob = new Blob(this.chunks, { type });
    this.chunks = [];
    this.recorder = null;
    this.set({
      status: 'stopped',
      recording: {
        blob,
        url: this.devices.createUrl(blob),
        type,
        durationMs: Math.round(this.recordedMs),
      },
    });
  }

  /** Record again: the recording is dropped and the recorder is ready for a new one. */
  discard() {
    if (this.state.recording) this.devices.revokeUrl(this.state.recording.url);
    this.set(idle);
  }

  /** The studio closes: whatever is recording stops without a result. */
  dispose() {
    this.stopTicking();
    if (this.recorder && this.recorder.state !== 'inactive') {
      this.recorder.ondataavailable = null;
      this.recorder.stop();
    }
    this.recorder = null;
    this.releaseDevices();
    if (this.state.recording) this.devices.revokeUrl(this.state.recording.url);
    this.listeners.clear();
  }

  private stopTicking() {
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
  }

  private releaseDevices() {
    for (const stream of this.streams) stream.getTracks().forEach((t) => t.stop());
    this.streams = [];
  }
}

/** The browser's own devices. */
export function browserDevices(): RecorderDevices {
  return {
    MediaRecorder: typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder,
    canvasStream: (canvas, frameRate) =>
      canvas && typeof canvas.captureStream === 'function' ? canvas.captureStream(frameRate) : null,
    microphone: () => navigator.mediaDevices.getUserMedia({ audio: true }),
    combine: (tracks) => new MediaStream(tracks),
    now: () => performance.now(),
    createUrl: (blob) => URL.createObjectURL(blob),
    revokeUrl: (url) => URL.revokeObjectURL(url),
  };
}
