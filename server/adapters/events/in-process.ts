import { EventEmitter } from 'node:events';
import type { EventBus } from './types';

/** The embedded default: one process, so an EventEmitter is the whole bus. */
export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  // Every open SSE connection subscribes; the default cap of 10 would warn at the 11th.
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    connected: () => true,
    // One process and no connection: nothing to lose, nothing to come back from.
    onReconnect: () => () => undefined,
    async close() {
      emitter.removeAllListeners();
    },
  };
}
