import type { Page } from '@playwright/test';
import sharp from 'sharp';

/** A file as Playwright's `setInputFiles` takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small JPEG photo, made at test time. */
export async function photo(name: string): Promise<FilePayload> {
  const buffer = await sharp({
    create: { width: 480, height: 360, channels: 3, background: '#1d4ed8' },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/**
 * A WebM (VP8) video recorded by the browser itself from a canvas, so it is one the browser under
 * test can play (Debian's Chromium plays VP8; nothing is committed or downloaded): by default one
 * second of changing colours; `blue` paints it blue with a white square moving across, so a red
 * drawing over it can be told apart from the video.
 */
export async function recordedVideo(
  page: Page,
  name: string,
  { seconds = 1, blue = false }: { seconds?: number; blue?: boolean } = {},
): Promise<FilePayload> {
  const base64 = await page.evaluate(
    async ({ seconds, blue }) => {
      const canvas = document.createElement('canvas');
      canvas.width = blue ? 320 : 64;
      canvas.height = blue ? 240 : 48;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      const recorder = new MediaRecorder(canvas.captureStream(10), {
        mimeType: 'video/webm;codecs=vp8',
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      let frame = 0;
      const painting = setInterval(() => {
        frame += 1;
        context.fillStyle = blue ? '#1d4ed8' : `hsl(${frame * 30}, 80%, 50%)`;
        context.fillRect(0, 0, canvas.width, canvas.height);
        if (blue) {
          context.fillStyle = '#ffffff';
          context.fillRect((frame * 8) % canvas.width, 100, 40, 40);
        }
      }, 50);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      clearInterval(painting);
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { seconds, blue },
  );
  return { name, mimeType: 'video/webm', buffer: Buffer.from(base64, 'base64') };
}
