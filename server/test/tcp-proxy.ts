import net from 'node:net';

/**
 * How the proxy treats the database: forward, refuse (the server is down: every connection is
 * reset and new ones are refused), or blackhole (the network drops everything: connections are
 * accepted and held, nothing goes through, until the route is back).
 */
export type ProxyMode = 'forward' | 'refuse' | 'blackhole';

export interface TcpProxy {
  port: number;
  set(mode: ProxyMode): Promise<void>;
  /**
   * The connections the blackhole stalled are lost for good, as after a failover or a NAT that
   * forgot them: never delivered, never closed.
   */
  forgetStalled(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

const listen = (server: net.Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

const stopListening = (server: net.Server) =>
  new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

/** A TCP proxy for tests, between the app's pool and a database server, that a test can cut. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const pairs = new Set<Pair>();
  /** Connections the blackhole accepted: never forwarded, they wait for the route to return. */
  const held = new Set<net.Socket>();

  /** Pairs the blackhole stopped: piped again once the route is back, and only those. */
  const stalled = new Set<Pair>();

  const relay = (pair: Pair) => {
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  };
  const stall = (pair: Pair) => {
    stalled.add(pair);
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    pair.client.pause();
    pair.upstream.pause();
  };
  const forward = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      stalled.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    relay(pair);
  };

  const server = net.createServer((client) => {
    if (mode === 'forward') return forward(client);
    held.add(client);
    client.on('error', () => client.destroy()).on('close', () => held.delete(client));
  });
  await listen(server, 0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    async set(next) {
      mode = next;
      if (next === 'refuse') {
        await Promise.all([
          stopListening(server),
          ...[...pairs].map((p) => p.upstream.destroy()),
          ...[...held].map((s) => s.destroy()),
        ]);
        return;
      }
      if (!server.listening) await listen(server, port);
      if (next === 'blackhole') {
        pairs.forEach(stall);
        return;
      }
      // The route is back: what waited goes through, as TCP would deliver it late.
      stalled.forEach(relay);
      stalled.clear();
      for (const client of held) {
        held.delete(client);
        client.removeAllListeners('close');
        forward(client);
      }
    },
    forgetStalled() {
      stalled.clear();
    },
    async close() {
      for (const pair of pairs) pair.upstream.destroy();
      for (const client of held) client.destroy();
      await stopListening(server);
    },
  };
}
