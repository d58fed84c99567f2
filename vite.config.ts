import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.join(root, 'web'),
      '@contracts': path.join(root, 'contracts'),
    },
  },
  build: {
    outDir: path.join(root, 'dist/web'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3001', '/files': 'http://localhost:3001' },
  },
});
