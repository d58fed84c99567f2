import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Resvg } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import type satori from 'satori';
import sharp from 'sharp';
import { LINK_PREVIEW_HEIGHT, LINK_PREVIEW_WIDTH } from '../../../contracts/link-preview';
import { refuseInsideTransaction } from '../../db/open-transaction';

/**
 * Draws a card to a 1200×630 PNG: satori lays the elements out to SVG with the bundled DejaVu Sans
 * (an npm package's TrueType files: satori reads no WOFF2), resvg rasterises it. Nothing is
 * fetched: photos arrive as data URLs.
 */

const require = createRequire(import.meta.url);

/*
 * satori and resvg load when the first card is drawn, not when the server starts: together they
 * cost every process a fifth of a second of start-up, and most processes never draw a card.
 */
let renderers: Promise<[typeof satori, typeof Resvg]> | null = null;
const loadRenderers = () =>
  (renderers ??= Promise.all([import('satori'), import('@resvg/resvg-js')]).then((loaded) => [
    loaded[0].default,
    loaded[1].Resvg,
  ]));
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);

type Fonts = Parameters<typeof satori>[1]['fonts'];
let fonts: Promise<Fonts> | null = null;

function loadFonts(): Promise<Fonts> {
  fonts ??= Promise.all([
    readFile(fontFile('DejaVuSans.ttf')),
    readFile(fontFile('DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => [
    { name: 'DejaVu Sans', data: regular, weight: 400, style: 'normal' },
    { name: 'DejaVu Sans', data: bold, weight: 700, style: 'normal' },
  ]);
  return fonts;
}

export async function renderCard(card: ReactNode): Promise<Buffer> {
  refuseInsideTransaction('Drawing a link preview');
  const [satori, Resvg] = await loadRenderers();
  const svg = await satori(card, {
    width: LINK_PREVIEW_WIDTH,
    height: LINK_PREVIEW_HEIGHT,
    fonts: await loadFonts(),
  });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: LINK_PREVIEW_WIDTH } }).render();
  return png.asPng();
}

const PHOTO_SIDE = 300;

/** A stored photo as a small square JPEG data URL for a card, or null when it cannot be read. */
export async function photoDataUrl(bytes: Buffer | null): Promise<string | null> {
  if (!bytes) return null;
  try {
    const square = await sharp(bytes)
      .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
    return `data:image/jpeg;base64,${square.toString('base64')}`;
  } catch {
    return null;
  }
}
