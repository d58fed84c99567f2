import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { within } from '@testing-library/dom';
import { Window } from 'happy-dom';
import * as renderer from '../../web/entry-server';
import { createTestApp, type TestApp } from './harness';

/**
 * The app with the web app's server renderer, as `npm start` serves the public pages: what a
 * crawler or a browser without JavaScript gets (ADR 026, 078).
 */
export async function createRenderingApp(env: Record<string, string> = {}) {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'playbook-web-'));
  await copyFile(
    path.join(import.meta.dirname, '../../web/index.html'),
    path.join(webRoot, 'index.html'),
  );
  const t: TestApp = await createTestApp(env, undefined, { webRoot, renderer });
  return {
    ...t,
    async close() {
      await t.close();
      await rm(webRoot, { recursive: true, force: true });
    },
  };
}

/**
 * A server-rendered page as a document, no script run, with Testing Library's queries on its body,
 * so a test finds the heading, the link or the text by role and name as a person (and the browser
 * tests) would.
 */
export function renderedPage(html: string) {
  const window = new Window({ url: 'http://localhost:3000' });
  // Parsed, not loaded: no script runs and no stylesheet or image is fetched.
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  // happy-dom's element types are its own; Testing Library's queries take the DOM's.
  const body = document.body as unknown as HTMLElement;
  return { ...within(body), body, close: () => window.happyDOM.close() };
}
