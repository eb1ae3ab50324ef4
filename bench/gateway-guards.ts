// What the gateway's request guards cost (issue 15.5/15.8: CSRF checks and the /api error maps in
// gateway/templates/request-guards.conf and maps.conf). The real nginx with the rendered config,
// in front of a stand-in service that answers at once, so nginx's own work is what is measured;
// then the same config with the three guard blocks cut out. Alternating runs, same connections.
//
//   node bench/gateway-guards.ts [--duration 10] [--connections 16] [--rounds 2]
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, renderGatewayConfig, startNginx } from '../gateway/src/index.ts';
import { arg } from './volunteer-support.ts';

const duration = arg('duration', 10);
const connections = arg('connections', 16);
const rounds = arg('rounds', 2);
const PUBLIC_URL = 'http://127.0.0.1:8080';

const service = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': 2 });
    res.end('{}');
  });
});
await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
const upstream = `127.0.0.1:${(service.address() as AddressInfo).port}`;
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-gateway-'));

async function measure(withGuards: boolean): Promise<{ rps: number; p99: number }> {
  const port = await findFreePort();
  const runtimeDir = path.join(dir, withGuards ? 'with' : 'without');
  let { nginxConf } = renderGatewayConfig({
    port,
    runtimeDir,
    workerProcesses: 1,
    accessLog: false,
    publicUrl: PUBLIC_URL,
    upstreams: {
      svc_auth: [upstream],
      svc_volunteer: [upstream],
      svc_content: [upstream],
      svc_hours: [upstream],
    },
    shell: { root: dir },
    remotes: { volunteer: { root: dir } },
  });
  // The guards are the server-level `if` blocks; everything else stays as rendered.
  if (!withGuards) {
    const guard = /^ {8}if \(\$gw_[a-z_]+\) \{\n.*\n {8}\}\n/gm;
    if ((nginxConf.match(guard) ?? []).length !== 3) throw new Error('expected three guard blocks');
    nginxConf = nginxConf.replace(guard, '');
  }
  const nginx = await startNginx({ conf: nginxConf, runtimeDir });
  try {
    // A public write that passes every guard: POST JSON with our own Origin (no auth subrequest,
    // so the guards are a larger share of the work than on any signed-in call).
    const result = await autocannon({
      url: `${nginx.url}/api/login`,
      method: 'POST',
      connections,
      duration,
      headers: {
        'content-type': 'application/json',
        origin: PUBLIC_URL,
        'sec-fetch-site': 'same-origin',
      },
      body: '{"username":"ada","password":"correct horse"}',
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  } finally {
    await nginx.stop();
  }
}

try {
  const runs: Record<'with' | 'without', Array<{ rps: number; p99: number }>> = {
    with: [],
    without: [],
  };
  for (let round = 0; round < rounds; round += 1) {
    runs.without.push(await measure(false));
    runs.with.push(await measure(true));
  }
  const line = (name: 'with' | 'without') =>
    `  ${name.padEnd(7)} guards: ${runs[name].map((r) => `${Math.round(r.rps)} req/s (p99 ${r.p99} ms)`).join(', ')}`;
  process.stdout.write(
    `POST /api/login through nginx (1 worker) to a stand-in, ${connections} connections, ${duration} s per run\n${line('without')}\n${line('with')}\n`,
  );
} finally {
  service.close();
  await rm(dir, { recursive: true, force: true });
}
