import { EventEmitter } from 'node:events';

/**
 * The process's shutdown state, shared by the parts that must act on it: readiness turns 503 and
 * the SSE streams end the moment the process begins to shut down, before it stops accepting.
 */
export interface Lifecycle {
  draining(): boolean;
  /** Begins shutting down; listeners run once, on the first call. */
  drain(): void;
  /** Returns the function that unsubscribes. */
  onDrain(listener: () => void): () => void;
}

export function createLifecycle(): Lifecycle {
  const emitter = new EventEmitter();
  // Every open SSE stream listens.
  emitter.setMaxListeners(0);
  let draining = false;
  return {
    draining: () => draining,
    drain() {
      if (draining) return;
      draining = true;
      emitter.emit('drain');
    },
    onDrain(listener) {
      emitter.on('drain', listener);
      return () => emitter.off('drain', listener);
    },
  };
}
