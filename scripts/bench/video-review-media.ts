/**
 * The media of the video-review phase (issue 38, "Measured"): the source clips it makes with
 * Debian's ffmpeg, the fake microphone's WAV, and the reading of a recorded review with real
 * demuxers and decoders (mediabunny for the tracks, ffmpeg for the pixels and the sound).
 *
 * Every source clip carries its own frame number in a band at its top: CODE_BITS white or black
 * boxes, bit i in the i-th sixteenth of the width. A recorded frame therefore says which source
 * frame the studio showed when it was captured, which is what the step latency (the stage shows
 * the next frame) and the recording's checks (no frame repeated, the clip's time against the
 * recording's) read. A white square also flashes for the first 100 ms of every second of the clip.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { ALL_FORMATS, EncodedPacketSink, FilePathSource, Input } from 'mediabunny';
import { transcodeToMp4 } from '../../server/modules/video-reviews/ffmpeg';
import { monoWav } from '../lib/wav';
import { percentile } from './stats';

export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
export const CODE_BITS = 16;
const AUDIO_RATE = 48_000;

export interface ClipSpec {
  width: number;
  height: number;
  rate: number;
  seconds: number;
}

/** The band's height in the clip's pixels: a 36th of the frame, its boxes the middle half. */
const bandHeight = (height: number) => Math.round(height / 18);

/** ffmpeg's arguments for a source clip: testsrc2 under the code band and the flash, H.264 in MP4. */
export function clipArgs(spec: ClipSpec, output: string): string[] {
  const { width, height, rate, seconds } = spec;
  const band = bandHeight(height);
  const cell = width / CODE_BITS;
  const boxes = Array.from({ length: CODE_BITS }, (_, bit) => {
    const x = Math.round(bit * cell + cell / 8);
    return (
      `drawbox=x=${x}:y=${Math.round(band / 4)}:w=${Math.round((cell * 3) / 4)}:h=${Math.round(band / 2)}` +
      `:color=white:t=fill:enable='mod(floor(n/${2 ** bit}),2)'`
    );
  });
  const flash = Math.round(height / 6);
  const filters = [
    `drawbox=x=0:y=0:w=iw:h=${band}:color=black:t=fill`,
    ...boxes,
    `drawbox=x=${flash / 2}:y=ih-${flash * 1.5}:w=${flash}:h=${flash}:color=white:t=fill:enable='lt(mod(t,1),0.1)'`,
  ];
  return [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${rate}:duration=${seconds}`,
    '-vf',
    filters.join(','),
    // A keyframe every second, as phones write them: a step back decodes from the one before.
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '24',
    '-g',
    String(rate),
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    output,
  ];
}

export async function makeClip(spec: ClipSpec, output: string): Promise<void> {
  await promisify(execFile)(FFMPEG, clipArgs(spec, output), { maxBuffer: 16 * 1024 * 1024 });
}

/**
 * A mono 16-bit WAV for Chromium's fake microphone: a 20 ms burst of 1 kHz at the start of every
 * second, silence between, so each second of the microphone's own clock is a click in the sound.
 */
export function clickWav(seconds: number): Buffer {
  const burst = AUDIO_RATE / 50;
  return monoWav(AUDIO_RATE, seconds, (i) => {
    const within = i % AUDIO_RATE;
    return within < burst ? Math.sin((2 * Math.PI * 1000 * within) / AUDIO_RATE) * 24_000 : 0;
  });
}

/** Reads the frame number from the code band's 4 × CODE_BITS column means (0..255): null if unclear. */
export function decodeBand(columns: ArrayLike<number>): number | null {
  let n = 0;
  for (let bit = 0; bit < CODE_BITS; bit++) {
    // The middle two of each box's four columns lie inside it, clear of the gaps between boxes.
    const level = ((columns[bit * 4 + 1] ?? 0) + (columns[bit * 4 + 2] ?? 0)) / 2;
    if (level > 80 && level < 170) return null;
    if (level >= 170) n += 2 ** bit;
  }
  return n;
}

/** Runs ffmpeg, returning its stdout as bytes and its stderr as text. */
function ffmpegOutput(args: string[]): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ['-nostdin', '-hide_banner', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr });
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.slice(-1000)}`));
    });
  });
}

export interface CodedFrame {
  /** The frame's presentation time in the file, from its start (ffmpeg's timeline). */
  time: number;
  /** The source clip's frame it shows, or null when the band could not be read. */
  source: number | null;
}

/**
 * Every decoded frame of the file's first video track, in presentation order, with the source
 * frame its band shows. One decode: the band's row scaled to 4 columns a bit (stdout), and
 * showinfo's `pts_time` of the same frames (stderr); nothing dropped or duplicated.
 */
export async function codedFrames(file: string): Promise<CodedFrame[]> {
  const { stdout, stderr } = await ffmpegOutput([
    '-v',
    'info',
    '-i',
    file,
    '-map',
    '0:v:0',
    '-vf',
    // The band's middle row (a 36th of the height down), a 72nd of the height thick.
    `crop=iw:ih/72:0:ih/36-ih/144,scale=${CODE_BITS * 4}:1:flags=area,format=gray,showinfo`,
    '-fps_mode',
    'passthrough',
    '-f',
    'rawvideo',
    'pipe:1',
  ]);
  const times = [...stderr.matchAll(/\bn:\s*\d+\s+pts:\s*-?\d+\s+pts_time:(-?[\d.]+)/g)].map((m) =>
    Number(m[1]),
  );
  const width = CODE_BITS * 4;
  const frames: CodedFrame[] = [];
  for (let i = 0; i < times.length && (i + 1) * width <= stdout.length; i++) {
    frames.push({
      time: times[i]!,
      source: decodeBand(stdout.subarray(i * width, (i + 1) * width)),
    });
  }
  return frames;
}

/**
 * The file's first audio track as mono samples on ffmpeg's timeline (the same one `codedFrames`
 * reads, both shifted by the file's start): silence is put before the first sample, so sample i
 * is at i / AUDIO_RATE seconds.
 */
async function audioSamples(file: string): Promise<Float32Array> {
  const { stdout } = await ffmpegOutput([
    '-v',
    'error',
    '-i',
    file,
    '-map',
    '0:a:0',
    '-af',
    'aresample=async=1:first_pts=0',
    '-ac',
    '1',
    '-ar',
    String(AUDIO_RATE),
    '-f',
    'f32le',
    'pipe:1',
  ]);
  return new Float32Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 4));
}

/**
 * Where each click starts, in seconds: the first millisecond whose peak passes a quarter of the
 * loud milliseconds' level after at least 300 ms below it. The microphone's processing (gain,
 * noise suppression) changes a click's level, not when it starts.
 */
export function clickOnsets(samples: Float32Array, rate = AUDIO_RATE): number[] {
  const block = rate / 1000;
  const peaks: number[] = [];
  for (let start = 0; start + block <= samples.length; start += block) {
    let peak = 0;
    for (let i = start; i < start + block; i++) peak = Math.max(peak, Math.abs(samples[i]!));
    peaks.push(peak);
  }
  const loud = percentile(peaks, 99.5);
  const threshold = loud / 4;
  const onsets: number[] = [];
  let quietSince = -Infinity;
  let lastLoud = -Infinity;
  for (let ms = 0; ms < peaks.length; ms++) {
    if (peaks[ms]! >= threshold && threshold > 0) {
      if (ms - lastLoud >= 300 && quietSince <= ms - 300) {
        // Within the first loud millisecond, the first sample that passes the threshold.
        let at = ms * block;
        while (at < (ms + 1) * block && Math.abs(samples[at]!) < threshold) at++;
        onsets.push(at / rate);
      }
      lastLoud = ms;
    } else if (lastLoud === ms - 1) {
      quietSince = ms;
    }
  }
  return onsets;
}

export interface SyncFigures {
  clicks: number;
  /** Each click's place after the clip's whole second (its flash), in ms: first and last click. */
  phaseFirstMs: number;
  phaseLastMs: number;
  /** The most any click's phase moved from the first click's, and the last click's move. */
  driftMaxMs: number;
  driftLastMs: number;
}

/**
 * The phase between the microphone's clicks and the clip's flashes, click by click. The clip
 * plays on without a stop, so each recorded frame shows the source at (its time − offset);
 * around each click the offset is the median over the frames within half a second (a capture at
 * 30 fps of a 60 fps clip shows a frame up to 33 ms old, which the median evens out). The click's
 * phase is where it falls in the clip's second. Were the recording's sound and picture drifting
 * apart, or the clip's playback from the microphone's clock, the phase would move.
 */
export function syncPhases(
  frames: readonly CodedFrame[],
  clicks: readonly number[],
  sourceRate: number,
): SyncFigures | null {
  const coded = frames.filter((f): f is CodedFrame & { source: number } => f.source !== null);
  const phases: number[] = [];
  for (const click of clicks) {
    const near = coded.filter((f) => Math.abs(f.time - click) <= 0.5);
    if (near.length < 5) continue;
    const offset = percentile(
      near.map((f) => f.time - f.source / sourceRate),
      50,
    );
    const source = click - offset;
    phases.push((source - Math.floor(source)) * 1000);
  }
  const first = phases[0];
  if (first === undefined) return null;
  // A phase near the second's edge may read 999 then 1 ms: each is taken within ±500 ms of the first.
  const moves = phases.map((p) => {
    const d = p - first;
    return d > 500 ? d - 1000 : d < -500 ? d + 1000 : d;
  });
  return {
    clicks: phases.length,
    phaseFirstMs: first,
    phaseLastMs: phases[phases.length - 1]!,
    driftMaxMs: Math.max(...moves.map(Math.abs)),
    driftLastMs: moves[moves.length - 1]!,
  };
}

/** Frames that show the same source frame as the one before, and jumps of more than `gap` frames. */
export function continuity(frames: readonly CodedFrame[], gap: number) {
  let repeated = 0;
  let skipped = 0;
  let unreadable = 0;
  let previous: number | null = null;
  for (const f of frames) {
    if (f.source === null) {
      unreadable++;
      continue;
    }
    if (previous !== null) {
      if (f.source === previous) repeated++;
      else if (f.source - previous > gap) skipped++;
    }
    previous = f.source;
  }
  return { repeated, skipped, unreadable };
}

export interface TrackFigures {
  codec: string | null;
  /** First and end timestamps of the track in seconds (mediabunny). */
  start: number;
  end: number;
}

export interface RecordingFigures {
  file: string;
  sizeMB: number;
  width: number;
  height: number;
  durationS: number;
  /** Video packets (one a frame), and the target 0.98 × duration × the recording's frame rate. */
  frames: number;
  framesTarget: number;
  video: TrackFigures;
  audio: TrackFigures | null;
  /** The largest difference of the two tracks' starts, and of their ends, in ms. */
  startGapMs: number;
  endGapMs: number;
  /** ffprobe's count of the video packets, a second reader's figure. */
  ffprobeFrames: number;
  repeated: number;
  skipped: number;
  unreadable: number;
  sync: SyncFigures | null;
}

async function ffprobePackets(file: string): Promise<number> {
  const { stdout } = await promisify(execFile)('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-count_packets',
    '-show_entries',
    'stream=nb_read_packets',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.trim().split(/\s+/)[0]);
}

/**
 * A recorded review read back: its tracks with mediabunny (codecs, first and last timestamps, the
 * video's packets counted one by one), ffprobe's packet count, the frames' band codes and the
 * clicks for continuity and sync. `sourceRate` is the clip's; `recordingRate` the recorder's.
 */
export async function readRecording(
  file: string,
  sourceRate: number,
  recordingRate: number,
  sizeBytes: number,
): Promise<RecordingFigures> {
  const input = new Input({ source: new FilePathSource(file), formats: ALL_FORMATS });
  try {
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getPrimaryAudioTrack();
    if (!video) throw new Error(`${file} has no video track`);
    let frames = 0;
    for await (const packet of new EncodedPacketSink(video).packets(undefined, undefined, {
      metadataOnly: true,
    })) {
      if (packet) frames++;
    }
    const track = async (t: NonNullable<typeof audio> | typeof video): Promise<TrackFigures> => ({
      codec: t.codec,
      start: await t.getFirstTimestamp(),
      end: await t.computeDuration(),
    });
    const v = await track(video);
    const a = audio ? await track(audio) : null;
    const durationS = await input.computeDuration();
    const coded = await codedFrames(file);
    // At 60 fps shown and 30 captured, consecutive frames are 2 source frames apart.
    const gaps = continuity(coded, Math.ceil((2 * sourceRate) / recordingRate));
    const sync = audio
      ? syncPhases(coded, clickOnsets(await audioSamples(file)), sourceRate)
      : null;
    return {
      file,
      sizeMB: sizeBytes / 2 ** 20,
      width: video.displayWidth,
      height: video.displayHeight,
      durationS,
      frames,
      framesTarget: 0.98 * durationS * recordingRate,
      video: v,
      audio: a,
      startGapMs: a ? Math.abs(v.start - a.start) * 1000 : NaN,
      endGapMs: a ? Math.abs(v.end - a.end) * 1000 : NaN,
      ffprobeFrames: await ffprobePackets(file),
      ...gaps,
      sync,
    };
  } finally {
    input.dispose();
  }
}

/**
 * The server's own transcode (ADR 090, `transcodeToMp4`), run by the bench on the recording beside
 * the job's run: the MP4 it reads back. Returns its wall time in seconds.
 */
export async function transcodeKeepingFrameTimes(
  input: string,
  output: string,
  durationMs: number,
): Promise<number> {
  const started = performance.now();
  await transcodeToMp4(input, output, durationMs, () => undefined);
  return (performance.now() - started) / 1000;
}
