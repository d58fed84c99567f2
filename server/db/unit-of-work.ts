import type { BusChannel, BusEvents, EventBus } from '../adapters/events/types';
import type { Database } from './client';

/** The transaction a unit of work's data functions write through. */
export type UnitTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type Raised = { [C in BusChannel]: { channel: C; payload: BusEvents[C] } }[BusChannel];

/**
 * The change events a unit of work has raised so far (ADR 032). Data functions record what they
 * changed here; `transaction` publishes the events once the transaction has committed, and drops
 * them if it rolls back. The same event raised twice in one unit is published once.
 */
export class Changes {
  readonly #events = new Map<string, Raised>();

  raise<C extends BusChannel>(channel: C, payload: BusEvents[C]): void {
    const key = `${channel} ${JSON.stringify(payload)}`;
    if (!this.#events.has(key)) this.#events.set(key, { channel, payload } as Raised);
  }

  /** What has been raised, in order (tests read it). */
  get raised(): readonly Raised[] {
    return [...this.#events.values()];
  }
}

/** What a unit of work needs: the database it writes and the bus its events go out on. */
export interface UnitOfWorkDeps {
  db: Database;
  bus: EventBus;
}

/**
 * Runs `work` in one database transaction with a fresh `Changes` collector, then, after COMMIT,
 * publishes every event the work raised. A thrown error rolls the transaction back and publishes
 * nothing. This is the only place that publishes domain events: routes, services and jobs never
 * call the bus themselves. Either bus delivers to this process before `publish` returns, so the
 * public read caches are dropped before the caller answers.
 */
export async function transaction<T>(
  deps: UnitOfWorkDeps,
  work: (tx: UnitTransaction, changes: Changes) => Promise<T>,
): Promise<T> {
  const changes = new Changes();
  const result = await deps.db.transaction((tx) => work(tx, changes));
  for (const { channel, payload } of changes.raised) {
    await deps.bus.publish(channel, payload as never);
  }
  return result;
}
