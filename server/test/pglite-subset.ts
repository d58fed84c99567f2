/**
 * The server tests that also run on PGlite (ADR 078). The whole server suite runs on PostgreSQL;
 * on the embedded database it was the same SQL through the same Drizzle code a second time. What
 * runs here is what differs: the embedded database's own code and every place a test or the code
 * branches on the database, plus one whole flow so the embedded default is proven end to end.
 */
export const PGLITE_SUBSET = [
  // The database layer: opening PGlite, its data-directory lock, migrations, backup and restore
  // (PGlite's data-directory format), transactions, the unavailable-database errors, keysets.
  'server/db/*.test.ts',
  // Keyset cursors and the JSON read bodies, which PostgreSQL writes as text (ADR 072, 074).
  'server/cursors.test.ts',
  'server/modules/questions/read-bodies.test.ts',
  // Ask, pay, clarify, answer, follow up and pay out, whole, on the embedded default.
  'server/modules/questions/flow.test.ts',
  // The embedded database's statements as trace spans (tracePglite), its own code beside pg's.
  'server/observability/tracing.test.ts',
  // The administrator CLIs and the server's shutdown on a data directory, as `npm start` runs.
  'server/modules/admin/admin-cli.test.ts',
  'server/shutdown.test.ts',
] as const;

/**
 * Files that test the embedded database only, whatever TEST_DB says: the PostgreSQL run would open
 * PGlite in them a second time, the costliest part of that run (49 s and 54 s of a worker's time on
 * 2026-11-29). They run where every file runs on PGlite, and in the subset above.
 */
export const PGLITE_ONLY = ['server/db/client.test.ts', 'server/db/data-dir-lock.test.ts'] as const;
