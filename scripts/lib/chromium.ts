import { existsSync } from 'node:fs';

/**
 * The system Chromium that Lighthouse and the bench's interaction test drive (nothing downloads a
 * browser), with the flags this machine requires: the whole browser, as people run it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's headless shell (package `chromium-headless-shell`, the same
 * Chromium build without the desktop browser around it, as Playwright itself runs headless) when
 * it is installed, else the whole browser. Over the same 24 tests it spent 40 CPU-seconds where
 * the whole browser spent 107, and the suite is CPU-bound on two cores (ADR 089).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
