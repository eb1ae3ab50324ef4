import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { waitFor } from './wait-for';

// Real dependencies a test can take away and bring back (issue 15.2): no mocks, the service sees
// exactly what it would see in an outage.

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface RedisServerHandle {
  url: string;
  port: number;
  // Kills the server (like a crash); resolves once the port is closed.
  stop(): Promise<void>;
  // Starts it again on the same port (empty: no persistence); a no-op while it runs.
  start(): Promise<void>;
}

// A redis-server of the test's own on a free port (redis-server must be on PATH).
export async function startRedisServer(): Promise<RedisServerHandle> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const handle: RedisServerHandle = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      // Already running: nothing to do (a second server could not bind the port anyway).
      if (child && child.exitCode === null && child.signalCode === null) return;
      child = spawn(
        process.env.REDIS_SERVER_BIN ?? 'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const probe = new Redis(handle.url, { maxRetriesPerRequest: 0, lazyConnect: true });
      probe.on('error', () => undefined);
      try {
        await waitFor(
          () =>
            probe.ping().then(
              () => true,
              () => false,
            ),
          `redis-server on ${port}`,
        );
      } finally {
        probe.disconnect();
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGKILL');
      await exited;
    },
  };
  await handle.start();
  return handle;
}

export interface TcpProxyHandle {
  port: number;
  // Refuses new connections and cuts the open ones (the dependency "went away").
  close(): Promise<void>;
  // Accepts and forwards again on the same port; a no-op while open.
  open(): Promise<void>;
}

// A TCP forwarder in front of a real server (e.g. PostgreSQL): closing it is an outage as the
// client sees one, without touching the server other tests share.
export async function startTcpProxy(
  targetHost: string,
  targetPort: number,
): Promise<TcpProxyHandle> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const handle: TcpProxyHandle = {
    port,
    async open() {
      if (server?.listening) return;
      server = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    async close() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  await handle.open();
  return handle;
}
