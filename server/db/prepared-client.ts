import { createHash } from 'node:crypto';
import pg from 'pg';

/** Names of the statements seen so far, by their text; the app's statements number in hundreds. */
const names = new Map<string, string>();
const NAMES_MAX = 5_000;

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= NAMES_MAX) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * A node-postgres client that runs every statement with parameters as a named prepared statement,
 * as postgres.js does by default: each connection parses it once and PostgreSQL keeps its plan, so
 * a read pays for its execution and not for planning, which costs more than executing the app's
 * indexed queries (ADR 033). Statements without parameters (BEGIN, COMMIT, migrations, `select 1`)
 * keep the simple protocol, which also allows several statements in one text.
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (isUnnamedWithValues(config, values)) {
      args[0] = { ...config, name: statementName(config.text) };
    }
    // pg.Client.query has a dozen overloads; the arguments go through unchanged but the first.
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** A query config without a name whose parameters come in it or as the next argument (drizzle). */
function isUnnamedWithValues(
  config: unknown,
  values: unknown,
): config is pg.QueryConfig & { text: string } {
  if (typeof config !== 'object' || config === null) return false;
  const c = config as Partial<pg.QueryConfig>;
  const params = c.values ?? values;
  return typeof c.text === 'string' && !c.name && Array.isArray(params) && params.length > 0;
}
