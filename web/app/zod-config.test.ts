import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns zod’s compiled parsers off through the configuration zod reads', async () => {
    await import('./zod-config');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
