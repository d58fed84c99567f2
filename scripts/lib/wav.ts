/**
 * A mono 16-bit PCM WAV of `seconds` at `rate` samples a second, for Chromium's fake microphone
 * (`--use-file-for-fake-audio-capture`): `sample(i)` gives sample `i` in -32768..32767.
 */
export function monoWav(rate: number, seconds: number, sample: (i: number) => number): Buffer {
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(sample(i)), 44 + i * 2);
  return wav;
}
