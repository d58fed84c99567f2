import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The home route's initial JavaScript (ADR 016, ADR 024, ADR 026): what a browser must download before it
 * can hydrate `/`, gzipped, must stay within its budget. It reads the manifest of the production
 * build, so it runs with the end-to-end tests, after `npm run build`. 139 KB since ADR 064: the
 * same code as three chunks (evaluated one task each) compresses 0.7 KB worse than as one. 140 KB
 * since issues 23 and 24 (ADR 064 addendum): the directory's availability and response-time
 * filters and the home page's figures from real data measured 139.01 KB.
 */
const HOME_JS_BUDGET_BYTES = 141 * 1024;

const webDist = path.join(import.meta.dirname, '..', 'dist', 'web');
const manifestPath = path.join(webDist, '.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  /** The chunk's name (vite.config.ts names the app's chunk `start`). */
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const entryOf = (manifest: Manifest): string => {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  return entries[0]!;
};

/**
 * What the entry loads once the page has painted (ADR 026), one chunk after the other (ADR 064):
 * React's renderer, the router, then the app's chunk (`start`, web/app/start.tsx), returned last.
 */
const lazyOfEntry = (manifest: Manifest): string[] => {
  const lazy = manifest[entryOf(manifest)]!.dynamicImports ?? [];
  const app = lazy.filter((key) => manifest[key]?.name === 'start');
  if (app.length !== 1)
    throw new Error(`expected the entry to load the app's chunk (start), found ${lazy}`);
  if (lazy.length > 3) throw new Error(`expected the entry to load three chunks, found ${lazy}`);
  return [...lazy.filter((key) => key !== app[0]), app[0]!];
};
const appOf = (manifest: Manifest): string => lazyOfEntry(manifest).at(-1)!;

/**
 * The chunks a server-rendered page needs before it is interactive: the entry, what it loads after
 * the first paint, the page's route module (`routes/home.tsx` for `/`), and their static imports.
 */
function initialChunks(manifest: Manifest, route: string): string[] {
  const app = appOf(manifest);
  const page = Object.keys(manifest).find((key) => key.endsWith(route));
  if (!page) throw new Error(`${route} is not in the manifest`);
  // The router loads every page lazily; if it ever stops doing so, this walk must be revisited.
  if (!manifest[app]!.dynamicImports?.includes(page)) {
    throw new Error(`the app no longer imports ${page} lazily`);
  }
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but has no such chunk`);
    seen.add(key);
    for (const next of chunk.imports ?? []) walk(next);
  };
  walk(entryOf(manifest));
  for (const lazy of lazyOfEntry(manifest)) walk(lazy);
  walk(page);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

const homeInitialChunks = (manifest: Manifest) => initialChunks(manifest, 'routes/home.tsx');

/** The sources (from the source maps) a page's initial chunks were built from, one a line. */
function sourcesOf(files: string[]): string {
  return (
    files
      // The bundler's own runtime chunk has no source map.
      .filter((file) => existsSync(path.join(webDist, `${file}.map`)))
      .flatMap((file) => {
        const map = JSON.parse(readFileSync(path.join(webDist, `${file}.map`), 'utf8')) as {
          sources: string[];
        };
        return map.sources;
      })
      .join('\n')
  );
}

function readManifest(): Manifest {
  expect(existsSync(manifestPath), `${manifestPath} is missing: run npm run build first`).toBe(
    true,
  );
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

describe('home route bundle', () => {
  // ADR 024: react-dom renders the app. An alias to another renderer would drop it from the
  // sources the app chunk (what the entry loads after the first paint) was built from.
  it('is rendered by react-dom', () => {
    const sources = sourcesOf(homeInitialChunks(readManifest()));
    expect(sources).toMatch(/node_modules\/react-dom\/cjs\/react-dom-client\.production\.js/);
    expect(sources).not.toMatch(/node_modules\/preact\//);
  });

  it('keeps the initial JavaScript of / within its gzipped budget', () => {
    const manifest = readManifest();
    const sizes = homeInitialChunks(manifest).map((file) => {
      const bytes = readFileSync(path.join(webDist, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
    });
    const total = sizes.reduce((sum, chunk) => sum + chunk.gzip, 0);

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const lines = sizes
      .sort((a, b) => b.gzip - a.gzip)
      .map((c) => `  ${c.file.padEnd(48)} ${kb(c.raw).padStart(9)} ${kb(c.gzip).padStart(9)} gz`);
    console.log(
      [
        `home route initial JavaScript: ${kb(total)} gzipped (${total} bytes),` +
          ` budget ${kb(HOME_JS_BUDGET_BYTES)}`,
        ...lines,
      ].join('\n'),
    );

    expect(
      total,
      `home route initial JavaScript is ${kb(total)} gzipped, over the ${kb(HOME_JS_BUDGET_BYTES)} budget`,
    ).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });
});

describe('public pages before they are interactive', () => {
  // ADR 073: building zod's schemas at import was most of a Coach page's start-up work on a slow
  // phone. The public pages show texts and rules from contracts/ but validate nothing before the
  // app has loaded, so their initial chunks hold no zod; a form's schema comes with its own chunk.
  it.each(['routes/home.tsx', 'routes/coaches.tsx', 'routes/coach-profile.tsx'])(
    '%s loads no zod',
    (route) => {
      const sources = sourcesOf(initialChunks(readManifest(), route));
      expect(sources).toMatch(/contracts\//);
      expect(sources).not.toMatch(/node_modules\/zod\//);
    },
  );
});
