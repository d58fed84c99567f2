import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_MODULE_GRAPH } from './own-module-graph';

const root = path.resolve(import.meta.dirname, '../..');

function componentTests(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return componentTests(file);
    return entry.name.endsWith('.test.tsx') ? [file] : [];
  });
}

describe('component files that need modules of their own', () => {
  it('lists every component test file that mocks a module', () => {
    const mocking = componentTests('web').filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(OWN_MODULE_GRAPH).toEqual(expect.arrayContaining(mocking));
  });

  it('lists only files that exist', () => {
    for (const file of OWN_MODULE_GRAPH) expect(componentTests('web')).toContain(file);
  });
});
