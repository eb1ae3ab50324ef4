// A minimal HTTP/1.1 keep-alive client for the benchmarks: one socket per simulated browser,
// requests written as prepared bytes, answers parsed just enough (status, body). On a 2-core
// machine the load generator shares the cores with what it measures; undici spent about 0.4 ms
// of CPU per request here (more than nginx), and node:http's client added 1-4 ms at p99 over the
// request time nginx logged, so figures taken with them partly measured the client. Handles
// Content-Length and chunked bodies, and reconnects when the server closes the connection
// (nginx does after keepalive_requests); nothing else is needed against nginx.
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  body: string;
}

export class RawHttpConnection {
  private socket: Socket | null = null;
  private buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: RawAnswer) => void; reject: (e: Error) => void } | null = null;
  private readonly url: URL;

  private constructor(base: string) {
    this.url = new URL(base);
  }

  static async open(base: string): Promise<RawHttpConnection> {
    const connection = new RawHttpConnection(base);
    await connection.connect();
    return connection;
  }

  // The request bytes for this connection's host; build once, send many times.
  prepare(method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}): Buffer {
    const lines = [`${method} ${path} HTTP/1.1`, `Host: ${this.url.host}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (method === 'POST') lines.push('Content-Length: 0');
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  }

  async send(request: Buffer): Promise<RawAnswer> {
    if (this.waiting) throw new Error('one request at a time per connection');
    const socket = this.socket ?? (await this.connect());
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(request);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private connect(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(this.url.port), this.url.hostname, () => {
        socket.off('error', reject);
        resolve(socket);
      });
      socket.once('error', reject);
      socket.setNoDelay(true);
      socket.on('data', (chunk: Buffer) => {
        this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
        this.tryAnswer();
      });
      socket.on('close', () => {
        // A socket this connection already let go of (after `Connection: close`) is not news.
        if (this.socket !== socket && this.socket !== null) return;
        this.socket = null;
        this.buffer = Buffer.alloc(0);
        const waiting = this.waiting;
        this.waiting = null;
        waiting?.reject(new Error('connection closed before the answer'));
      });
      socket.on('error', () => undefined); // 'close' follows and reports it
      this.socket = socket;
    });
  }

  private tryAnswer(): void {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.waiting) return;
    const head = this.buffer.subarray(0, headEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let body: Buffer;
    let used: number;
    if (length) {
      used = headEnd + 4 + Number(length[1]);
      if (this.buffer.length < used) return;
      body = this.buffer.subarray(headEnd + 4, used);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const chunks: Buffer[] = [];
      let at = headEnd + 4;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffer.subarray(at, lineEnd).toString('latin1'), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          used = lineEnd + 4;
          break;
        }
        chunks.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
    } else {
      used = headEnd + 4; // 204 and other bodiless answers
      body = Buffer.alloc(0);
    }
    this.buffer = this.buffer.subarray(used);
    const waiting = this.waiting;
    this.waiting = null;
    // The server ends the connection after this answer: the next send opens a new one.
    if (/\r\nconnection:\s*close/i.test(head)) this.close();
    waiting.resolve({ status, body: body.toString('utf8') });
  }
}

// Kept-alive connections handed to one request at a time; a request that finds none free waits,
// and that wait counts in its latency (as a browser's would).
class ConnectionPool {
  private readonly free: RawHttpConnection[];
  private readonly waiting: Array<(connection: RawHttpConnection) => void> = [];

  constructor(all: RawHttpConnection[]) {
    this.free = [...all];
  }

  acquire(): Promise<RawHttpConnection> {
    const connection = this.free.pop();
    if (connection) return Promise.resolve(connection);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(connection: RawHttpConnection): void {
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.free.push(connection);
  }
}

export interface PacedLoadOptions {
  base: string;
  path: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  // Seconds at the same rate before the measured ones, not counted.
  warmup: number;
  connections: number;
}

// Open loop: request i leaves at start + i/rate whatever the answers do, so a slow answer
// cannot hold back the next requests (autocannon's overallRate sends each second's quota in a
// burst instead, which measures queueing behind the burst). Any answer but 200 fails the run.
export async function pacedLoad(
  options: PacedLoadOptions,
): Promise<{ latencies: number[]; achieved: number }> {
  const all = await Promise.all(
    Array.from({ length: options.connections }, () => RawHttpConnection.open(options.base)),
  );
  const pool = new ConnectionPool(all);
  const request = (all[0] as RawHttpConnection).prepare('GET', options.path, options.headers);
  const get = async (): Promise<number> => {
    const started = performance.now();
    const connection = await pool.acquire();
    try {
      const answer = await connection.send(request);
      if (answer.status !== 200) throw new Error(`${options.path} answered ${answer.status}`);
      return performance.now() - started;
    } finally {
      pool.release(connection);
    }
  };
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    const pending: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; i < options.rate * seconds; i++) {
      const wait = start + (i * 1000) / options.rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(get().then((ms) => void latencies.push(ms)));
    }
    await Promise.all(pending);
    return { latencies, achieved: latencies.length / ((performance.now() - start) / 1000) };
  };
  try {
    await run(options.warmup);
    const measured = await run(options.seconds);
    measured.latencies.sort((a, b) => a - b);
    return measured;
  } finally {
    for (const connection of all) connection.close();
  }
}
