import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

// React Router's package exports only its development build (dev warnings on); the production
// build it ships beside it is the same code with the warnings off. Builds use it (ADR 016).
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

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
        // Every browser we support preloads modules natively; the polyfill only cost entry bytes.
        modulePreload: { polyfill: false },
      },
  server: {
    proxy: { '/api': 'http://localhost:3001', '/files': 'http://localhost:3001' },
  },
}));
