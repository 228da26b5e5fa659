/** A loopback TCP proxy that can be cut and restored, to play an unreachable database. */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** How many connections it has been asked to open so far, whatever became of them. */
  opened: () => number;
  /** Drops every connection and refuses new ones until `restore()`. */
  cut: () => void;
  /**
   * Passes no byte either way, on open connections and new ones, yet closes none: a network
   * gone silent, or a server host gone without a word, until `restore()`.
   */
  stall: () => void;
  /** Takes connections again; those held by a stall are dropped, as the far end forgot them. */
  restore: () => void;
  close: () => Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let state: 'up' | 'cut' | 'stalled' = 'up';
  let opened = 0;
  const sockets = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  /** For each open pair of connections, how to stop it passing bytes. */
  const stallers = new Set<() => void>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };
  const hold = (s: net.Socket) => {
    s.pause();
    held.add(s);
  };
  const server = net.createServer((client) => {
    opened++;
    if (state === 'cut') return client.destroy();
    track(client);
    if (state === 'stalled') {
      client.on('error', () => {});
      return hold(client);
    }
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    for (const s of [client, upstream]) {
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
    // On a stall, each side stops reading: what is sent stays where it is.
    const stallPair = () => {
      client.unpipe(upstream);
      upstream.unpipe(client);
      hold(client);
      hold(upstream);
    };
    stallers.add(stallPair);
    client.on('close', () => stallers.delete(stallPair));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    opened: () => opened,
    cut: () => {
      state = 'cut';
      for (const s of sockets) s.destroy();
    },
    stall: () => {
      state = 'stalled';
      for (const stallPair of stallers) stallPair();
      stallers.clear();
    },
    restore: () => {
      state = 'up';
      for (const s of held) s.destroy();
      held.clear();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
