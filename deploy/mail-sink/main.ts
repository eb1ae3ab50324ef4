// The development mail sink as a container: SMTP in (scripts/mail-sink.ts, the same sink `npm start`
// uses), each message stored as JSON and printed as one line, and a small HTTP side to read them.
//   SMTP_PORT (1025)  HTTP_PORT (8025)  MAIL_DIR (/tmp/mail)
//   GET /messages -> every stored message, oldest first    GET /health -> ok
import { createServer } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeMail, startMailSink } from '../../scripts/mail-sink.ts';

const dir = process.env.MAIL_DIR ?? '/tmp/mail';
const smtpPort = Number(process.env.SMTP_PORT ?? '1025');
const httpPort = Number(process.env.HTTP_PORT ?? '8025');

const sink = await startMailSink({
  dir,
  port: smtpPort,
  host: '0.0.0.0',
  onMail: (mail) => process.stdout.write(`${describeMail(mail)}\n`),
});

const http = createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
    return;
  }
  if (request.method === 'GET' && request.url === '/messages') {
    void (async () => {
      const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
      const messages = await Promise.all(
        files.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as unknown),
      );
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`);
    });
    return;
  }
  response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
});
http.listen(httpPort, '0.0.0.0');
process.stdout.write(
  `mail sink: SMTP on :${sink.port}, messages on http://0.0.0.0:${httpPort}/messages\n`,
);

const stop = () => {
  http.close();
  void sink.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
