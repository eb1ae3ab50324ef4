// Renders the gateway config from environment variables and writes nginx.conf and remotes.json.
//   node gateway/src/render-cli.ts            -> writes $GATEWAY_RUNTIME_DIR/nginx.conf, prints its path
//   node gateway/src/render-cli.ts --stdout   -> prints the config instead
// Then: nginx -c <runtime dir>/nginx.conf -p <runtime dir>/ -e stderr
import { mkdir, writeFile } from 'node:fs/promises';
import { gatewayOptionsFromEnv } from './env-options.util.ts';
import { renderGatewayConfig } from './render.ts';
import { runtimePaths } from './runtime-paths.util.ts';

async function main(): Promise<void> {
  const options = gatewayOptionsFromEnv(process.env);
  const { nginxConf, remotesJson } = renderGatewayConfig(options);
  if (process.argv.includes('--stdout')) {
    process.stdout.write(nginxConf);
    return;
  }
  const paths = runtimePaths(options.runtimeDir);
  for (const dir of [paths.logs, ...paths.tempDirs]) await mkdir(dir, { recursive: true });
  await writeFile(paths.conf, nginxConf);
  await writeFile(paths.remotesJson, remotesJson);
  process.stdout.write(`${paths.conf}\n`);
}

main().catch((error: unknown) => {
  // A configuration mistake gets its message, not a stack trace.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
