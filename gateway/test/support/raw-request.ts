import net from 'node:net';

export interface RawResult {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes the bytes as given on a fresh connection and parses the answer: for requests no HTTP
 * client would send (a NUL byte in the path, no Host, a TRACE, an 9 kB header line).
 */
export function rawRequest(port: number, text: string | Buffer): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('latin1');
      const split = answer.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(answer)}`));
      const [statusLine, ...lines] = answer.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = answer.slice(split + 4);
      // nginx's own pages and `return` answers carry a length; chunked only from upstreams.
      if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.write(text);
  });
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const end = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, end), 16);
    if (!size) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}
