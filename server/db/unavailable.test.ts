import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

/** An error as node-postgres or Node's sockets raise it: a message and a code. */
const coded = (code: string, message = 'failed') =>
  Object.assign(new Error(message), { code }) as Error;
/** As Drizzle raises a failed query: its own error with the driver's as the cause. */
const failedQuery = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED')],
    ['a reset connection', coded('ECONNRESET')],
    [
      'a server shutting down',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up', coded('57P03', 'the database system is starting up')],
    ['a connection exception', coded('08006', 'connection failure')],
    [
      'a statement the timeout cancelled',
      coded('57014', 'canceling statement due to statement timeout'),
    ],
    ['no connection slot left', coded('53300', 'sorry, too many clients already')],
    ['the connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a connection lost', new Error('Connection terminated unexpectedly')],
    ['no free pooled connection in time', new Error('timeout exceeded when trying to connect')],
    ['no answer in time', new Error('Query read timeout')],
    [
      'a broken client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['every address refused', new AggregateError([coded('ECONNREFUSED')], 'connect failed')],
    [
      'a failure known to be the database',
      new DatabaseUnavailableError('better-auth answered 500'),
    ],
  ])('is true for %s, also inside a failed query', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(err))).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', coded('42601', 'syntax error at or near "selec"')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a file not found', coded('ENOENT')],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(failedQuery(err))).toBe(false);
  });
});
