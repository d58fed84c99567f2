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
 * A one-second WebM (VP8) video recorded by the browser itself from a canvas, so it is one the
 * browser under test can play (Debian's Chromium plays VP8; nothing is committed or downloaded).
 */
export async function recordedVideo(page: Page, name: string): Promise<FilePayload> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
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
      context.fillStyle = `hsl(${(frame += 30)}, 80%, 50%)`;
      context.fillRect(0, 0, 64, 48);
    }, 50);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    clearInterval(painting);
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return { name, mimeType: 'video/webm', buffer: Buffer.from(base64, 'base64') };
}
