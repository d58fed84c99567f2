/**
 * Domain events, fanned out to every process. The browser follows the changes over SSE; all
 * payloads are small and carry ids, never secrets.
 */
export interface BusEvents {
  /** Someone created or changed a Coach profile: lists of Coaches should refetch. */
  'coaches.changed': { userId: string };
  'questions.changed': { questionId: string; coachUserId: string; playerId: string };
  /**
   * Sessions of this person ended (sign-out, a revocation, a password change or reset, suspension,
   * deletion): their open event streams check the session each was opened with, and end if it is
   * gone. Never sent to browsers; the id of a session stays out of it, as its token does.
   */
  'sessions.ended': { userId: string };
}
export type BusChannel = keyof BusEvents;

/** Fan-out of domain events to every process that serves browsers. */
export interface EventBus {
  publish<C extends BusChannel>(channel: C, payload: BusEvents[C]): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe<C extends BusChannel>(
    channel: C,
    listener: (payload: BusEvents[C]) => void,
  ): () => void;
  /** Whether events from other processes reach this one now (readiness reports it). */
  connected(): boolean;
  /**
   * Called after the bus comes back from an outage, during which this process heard nothing from
   * the others: listeners catch up (the SSE feed reads the event journal). Returns the function
   * that unsubscribes.
   */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}
