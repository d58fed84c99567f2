/**
 * What PostgreSQL alone does with each signed-in read's statement on this machine: the very
 * statement the app runs for it (built by the app's own code, with the same parameters) and the
 * floor's `SELECT 1`, each run by pgbench as a prepared statement at the bench's connection count,
 * with no HTTP server in front. report.ts turns these into each read's ceiling: the floor's request
 * with its `SELECT 1` swapped for the read's statement (issue 14, bench/LATEST.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { viewerReads } from '../../server/modules/questions/viewer-reads';
import type { Fixtures } from './fixtures';
import { signIn } from './http';
import { pgbenchTps } from './pgbench';
import { percentile } from './stats';

export interface StatementRates {
  /** `SELECT 1`, the floor's statement, per second. */
  selectOne: number;
  /** Each signed-in read's statement per second, keyed by the bench's endpoint names. */
  reads: Record<string, number>;
  /** `SELECT 1` measured right after each read's statement (the machine's load drifts, ADR 068). */
  selectOneBeside?: Record<string, number>;
}

/** One statement as the app sent it: its text with `$n` placeholders, and their values. */
interface Captured {
  text: string;
  params: unknown[];
}

/** The session token inside better-auth's signed cookie (`name=token.signature`, URL-encoded). */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0]!;

/**
 * pgbench's script for a statement: each `$n` becomes the variable `:pn`, set with `-D`. pgbench
 * takes any `:name` in the text for a variable, even inside a string literal, so the app's
 * statements keep their literals free of one (see `isoTime`).
 */
function pgbenchScript({ text, params }: Captured): { script: string; defines: string[] } {
  return {
    script: `${text.replace(/\$(\d+)/g, ':p$1')};\n`,
    defines: params.flatMap((value, i) => ['-D', `p${i + 1}=${String(value)}`]),
  };
}

/**
 * Captures the statement of each signed-in read (keyed by the bench's endpoint names) by running it
 * once through the app's data code, then measures each with pgbench.
 */
export async function measureStatementCeilings(
  baseUrl: string,
  database: { name: string; url: string },
  fixtures: Fixtures,
  options: { connections: number; durationS: number; rounds: number; log: (line: string) => void },
): Promise<StatementRates> {
  let last: Captured | undefined;
  const handle = await openDatabase(
    { url: database.url },
    { logQuery: (text, params) => (last = { text, params }) },
  );
  const captured: Record<string, Captured> = {};
  try {
    const reads = viewerReads(handle.db);
    const coach = tokenOf(await signIn(baseUrl, fixtures.busiestCoach.email));
    const player = tokenOf(await signIn(baseUrl, fixtures.player.email));
    const capture = async (name: string, run: () => Promise<{ viewer: unknown }>) => {
      last = undefined;
      const { viewer } = await run();
      if (!viewer || !last) throw new Error(`${name}: the read found no session`);
      captured[name] = last;
    };
    await capture('busiest coach inbox', () => reads.coachInbox(coach, 'all', 'newest', undefined));
    await capture('player questions', () => reads.playerQuestions(player, undefined));
    await capture('unread count', () => reads.unreadCounts(coach));
    await capture('question detail', () => reads.questionPage(player, fixtures.questionId));
  } finally {
    await handle.close();
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'playbook-bench-statements-'));
  const rateOf = async (name: string, statement: Captured) => {
    const { script, defines } = pgbenchScript(statement);
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.sql`);
    writeFileSync(file, script);
    const tps = await pgbenchTps(
      database.name,
      ['-M', 'prepared', '-f', file, ...defines],
      options.connections,
      options.durationS,
    );
    options.log(`  ${`statement alone: ${name}`.padEnd(40)} ${tps.toFixed(0).padStart(7)} /s`);
    return tps;
  };
  const reads: Record<string, number> = {};
  const selectOneBeside: Record<string, number> = {};
  const selectOne = () => rateOf('select 1', { text: 'select 1', params: [] });
  try {
    for (const [name, statement] of Object.entries(captured)) {
      // In rounds, each statement beside its `SELECT 1`; the medians are kept.
      const statementRates: number[] = [];
      const selectOneRates: number[] = [];
      for (let round = 0; round < options.rounds; round++) {
        statementRates.push(await rateOf(name, statement));
        selectOneRates.push(await selectOne());
      }
      reads[name] = percentile(statementRates, 50);
      selectOneBeside[name] = percentile(selectOneRates, 50);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const rates = Object.values(selectOneBeside);
  return { selectOne: rates.reduce((a, b) => a + b, 0) / rates.length, reads, selectOneBeside };
}
