/**
 * happy-dom has no EventSource: the signed-in app's realtime stream stays quietly connecting, and a
 * test plays the server's part by dispatching events on the streams the app opened.
 */
export class TestEventSource extends EventTarget {
  /** Every stream the app opened and has not closed, oldest first. */
  static readonly open = new Set<TestEventSource>();
  readonly readyState = 0;
  constructor(readonly url: string) {
    super();
    TestEventSource.open.add(this);
  }
  close() {
    TestEventSource.open.delete(this);
  }
  /** The server sends `event` with `data` on this stream. */
  send(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
}
