import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Statements one connection keeps prepared at most. Drizzle builds a bounded set of statement texts
 * from the code, but a list of ids of varying length gives one text per length: past this many,
 * further texts run unnamed, as before (ADR 034).
 */
export const PREPARED_PER_CONNECTION = 500;

type QueryConfig = pg.QueryConfig & { name?: string };

/**
 * Makes every parameterised statement a connection runs a named prepared statement, named after
 * its text: PostgreSQL parses and plans it once per connection instead of on every call (ADR 034).
 * node-postgres sends the Parse only the first time a name is used on a connection, and refuses a
 * name reused for another text, so the name is a digest of the text.
 */
export function autoPrepare(client: pg.Client): void {
  const named = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const nameOf = (text: string): string | undefined => {
    const known = named.get(text);
    if (known || named.size >= PREPARED_PER_CONNECTION) return known;
    const name = `s${createHash('sha1').update(text).digest('base64url')}`;
    named.set(text, name);
    return name;
  };
  // `query` is overloaded (callbacks, submittables, configs); only the config and text forms with
  // parameters, which Drizzle uses for every statement with values, are named.
  client.query = ((first: unknown, ...rest: unknown[]) => {
    if (typeof first === 'string' && Array.isArray(rest[0]) && rest[0].length > 0) {
      const name = nameOf(first);
      if (name) return query({ name, text: first }, ...rest);
    } else if (isUnnamedConfig(first) && (hasValues(first) || hasValues(rest[0]))) {
      const name = nameOf(first.text);
      if (name) return query({ ...first, name }, ...rest);
    }
    return query(first, ...rest);
  }) as typeof client.query;
}

function isUnnamedConfig(value: unknown): value is QueryConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Partial<QueryConfig> & { submit?: unknown };
  return typeof config.text === 'string' && !config.name && config.submit === undefined;
}

function hasValues(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  const values = (value as Partial<QueryConfig> | undefined)?.values;
  return Array.isArray(values) && values.length > 0;
}
