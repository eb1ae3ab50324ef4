import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

// From a terminal: a prompt with echo off. From a pipe (`printf '%s\n' "$PW" | npm run …`): the
// first line. Never from argv, where it would sit in shell history and `ps`.
export async function readPassword(
  input: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown } = process.stdin,
  output: Writable = process.stderr,
): Promise<string> {
  if (input.isTTY && input.setRawMode) return readHidden(input, output);
  const lines = createInterface({ input, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

function readHidden(
  input: Readable & { setRawMode?: (raw: boolean) => unknown },
  output: Writable,
): Promise<string> {
  output.write('Password: ');
  input.setRawMode!(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (result: string | Error) => {
      input.setRawMode!(false);
      input.pause();
      input.off('data', onData);
      output.write('\n');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done(value);
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}
