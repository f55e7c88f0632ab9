import net from 'node:net';

/**
 * A TCP hop between the app and PostgreSQL that the test can cut and restore, or freeze: connections
 * stay open but nothing passes either way (a partition, a NAT that forgot them) until it thaws.
 */
export function createProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let server: net.Server | null = null;
  let port = 0;
  let frozen = false;
  const connectPair = (client: net.Socket, upstream: net.Socket) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const start = () =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target);
        const pair: [net.Socket, net.Socket] = [client, upstream];
        pairs.add(pair);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => {
            sockets.delete(s);
            pairs.delete(pair);
          });
          s.on('error', () => s.destroy());
        }
        if (frozen) for (const s of pair) s.pause();
        else connectPair(client, upstream);
      });
      server.listen(port, '127.0.0.1', () => resolve((port = (server!.address() as net.AddressInfo).port)));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  const freeze = () => {
    frozen = true;
    for (const [client, upstream] of pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  };
  const thaw = () => {
    frozen = false;
    for (const [client, upstream] of pairs) connectPair(client, upstream);
  };
  return { start, stop, freeze, thaw };
}
