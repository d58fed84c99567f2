/**
 * zod compiles object schemas with `new Function` when it may, and tries once to find out, which
 * the CSP (no 'unsafe-eval') reports as a violation on every page with a form. Its plain parser is
 * fast enough for a form. zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by
 * every copy of zod on the page) and adopts an object already there, so setting it here, first in
 * the browser's start and before any schema is built, turns the compiler off without bringing zod
 * into the app's entry chunk (ADR 054). `zod-config.test.ts` checks that zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
