/**
 * The component test files that need a module graph of their own (vitest.config.ts): the others
 * share one per worker, where a module an earlier file loaded is already loaded. A file that mocks
 * a module (`vi.mock`) is listed, since the mock applies only to a module not loaded yet
 * (own-module-graph.test.ts fails when one is not), and so is a file whose subject is a module
 * that has not loaded yet.
 */
export const OWN_MODULE_GRAPH = [
  // The toast card's code arriving after its 5000 ms would have passed.
  'web/components/toast/toaster.test.tsx',
  // Mocks tus-js-client.
  'web/features/reference-library/reference-library-card.test.tsx',
];
