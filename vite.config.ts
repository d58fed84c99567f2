import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

// React Router's package exports only its development build (dev warnings on); the production
// build it ships beside it is the same code with the warnings off. Builds use it (ADR 016).
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

/**
 * The app that the entry (web/main.tsx) loads once the page has painted (web/app/start.tsx, ADR
 * 026) goes into one chunk with our modules it imports and the libraries they use. Left alone, the
 * bundler splits out every module that a page chunk imports too, and each chunk costs a request, a
 * preload link (about a millisecond of main thread on a slow phone) and compresses worse. The walk
 * follows our own modules only: a library's index re-exports far more than we use.
 */
let appModules: Set<string> | undefined;
function appModulesOf(context: ChunkingContext): Set<string> {
  if (appModules) return appModules;
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id) || id.includes('node_modules')) return;
    seen.add(id);
    for (const next of context.getModuleInfo(id)?.importedIds ?? []) walk(next);
  };
  walk(path.join(root, 'web/app/start.tsx'));
  return (appModules = seen);
}
const chunkGroups: CodeSplittingGroup[] = [
  // Vite's preload helper serves the entry and the app alike; inside the app's chunk it would make
  // the entry import that chunk statically, and wait for it.
  {
    debugName: 'preload-helper',
    name: (id) => (id.includes('vite/preload-helper') ? 'preload-helper' : null),
    priority: 1,
  },
  // React's renderer and the router are chunks of their own, evaluated one task each before the
  // app's chunk (web/main.tsx): in one chunk, evaluating them was the page's longest task on a slow
  // phone, 140-220 ms at Lighthouse's 4x CPU slowdown (ADR 064).
  {
    debugName: 'react-dom',
    name: (id) => (/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react-dom' : null),
    priority: 1,
  },
  {
    debugName: 'router',
    name: (id) => (id.includes('node_modules/react-router/') ? 'router' : null),
    priority: 1,
  },
  { debugName: 'start', name: (id, context) => (appModulesOf(context).has(id) ? 'start' : null) },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: path.join(root, 'web') },
      { find: '@contracts', replacement: path.join(root, 'contracts') },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(reactRouterDist, 'dom-export.mjs'),
            },
          ]
        : []),
    ],
  },
  // The server renderer (ADR 026) carries its libraries, so the server needs no dev dependency.
  ssr: { noExternal: true },
  // React's packages pick their production build from NODE_ENV at run time; the renderer is a build.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { outDir: path.join(root, 'dist/ssr'), emptyOutDir: true, sourcemap: true }
    : {
        outDir: path.join(root, 'dist/web'),
        emptyOutDir: true,
        // The Vite manifest is read by the home bundle budget test (e2e/bundle-size.test.ts).
        manifest: true,
        sourcemap: true,
        modulePreload: {
          // Every browser we support preloads modules natively; the polyfill only cost entry bytes.
          polyfill: false,
          // The page's HTML preloads what the entry imports. A lazy chunk's imports are left to
          // the browser to find: each preload link the helper inserts costs about a millisecond of
          // main thread on a slow phone, 20 ms for a page's chunks.
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
        },
        rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
      },
  server: {
    proxy: { '/api': 'http://localhost:3001', '/files': 'http://localhost:3001' },
  },
}));
