import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const INDEX_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>District</title></head><body><div id="root"></div><script src="/main.1a2b3c4d.js"></script></body></html>\n';
// Large and repetitive enough for gzip to kick in (gzip_min_length 1024).
export const MAIN_JS = `${'console.log("district shell bundle");\n'.repeat(400)}`;

/** A shell build and one remote build on disk, readable by any user. */
export async function createStaticFixtures(
  baseDir: string,
): Promise<{ shellRoot: string; remoteRoot: string }> {
  const shellRoot = path.join(baseDir, 'shell');
  const remoteRoot = path.join(baseDir, 'mf-volunteer');
  await mkdir(shellRoot, { recursive: true });
  await mkdir(remoteRoot, { recursive: true });
  await writeFile(path.join(shellRoot, 'index.html'), INDEX_HTML);
  await writeFile(path.join(shellRoot, 'main.1a2b3c4d.js'), MAIN_JS);
  await writeFile(path.join(shellRoot, 'styles.0123abcd89.css'), 'body{margin:0}\n');
  await writeFile(path.join(shellRoot, 'sw.js'), '// not content-hashed\n');
  await writeFile(path.join(shellRoot, 'manifest.webmanifest'), '{"name":"District Volunteers"}\n');
  await writeFile(path.join(remoteRoot, 'remoteEntry.js'), 'var mf_volunteer;\n');
  await writeFile(path.join(remoteRoot, 'mf-manifest.json'), '{"name":"mf_volunteer"}\n');
  await writeFile(
    path.join(remoteRoot, '__federation_expose_VolunteerPage.9f8e7d6c5b.js'),
    'export default 1;\n',
  );
  for (const dir of [baseDir, shellRoot, remoteRoot]) await chmod(dir, 0o755);
  return { shellRoot, remoteRoot };
}
