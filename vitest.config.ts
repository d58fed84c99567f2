import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: { '@': path.join(root, 'web'), '@contracts': path.join(root, 'contracts') },
  },
  test: {
    include: [
      'server/**/*.test.ts',
      'contracts/**/*.test.ts',
      'web/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
