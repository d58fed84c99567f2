import { config } from 'zod/v4/core';

/**
 * zod compiles object schemas with `new Function` when it may, and tries once to find out, which
 * the CSP (no 'unsafe-eval') reports as a violation on every page with a form. Its plain parser is
 * fast enough for a form. Imported first by the browser's start, before any schema is built (ADR 054).
 */
config({ jitless: true });
