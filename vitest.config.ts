import { availableParallelism } from 'node:os';
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
    // Migrates one template database that every test file's database is copied from (ADR 043).
    globalSetup: ['server/test/template-database.ts'],
    // Vitest's default, one worker fewer than the cores, is one worker on a 2-core machine: the
    // main process is mostly idle, so the other core was too (ADR 043).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
