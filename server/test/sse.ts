/** An open Server-Sent Events stream, read in the background as a test needs it. */
export interface SseStream {
  /** Waits until what was received satisfies `done`; fails if the stream ends first. */
  until(done: (received: string) => boolean): Promise<string>;
  /** Resolves with everything received once the server ends the stream. */
  ended: Promise<string>;
  /** The last `id:` the server sent, as a browser would send it back in Last-Event-ID. */
  lastEventId(): string | undefined;
  close(): void;
}

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.headers.get('content-type') !== 'text/event-stream') {
    throw new Error(`not an event stream: ${response.status}`);
  }
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  let finished = false;
  const waiters = new Set<() => void>();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
        waiters.forEach((wake) => wake());
      }
    } catch {
      // Closed by the test.
    }
    finished = true;
    waiters.forEach((wake) => wake());
    return received;
  })();
  return {
    until(done) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (done(received)) {
            waiters.delete(check);
            resolve(received);
          } else if (finished) {
            waiters.delete(check);
            reject(new Error(`the stream ended first; received:\n${received}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    ended,
    lastEventId: () => [...received.matchAll(/^id: (.*)$/gm)].at(-1)?.[1],
    close: () => controller.abort(),
  };
}
