import path from 'node:path';

// Where nginx keeps its state inside the runtime dir; the renderer writes these paths into the
// config and startNginx creates the directories, so both read them from here.
export function runtimePaths(runtimeDir: string) {
  const tmp = path.join(runtimeDir, 'tmp');
  return {
    conf: path.join(runtimeDir, 'nginx.conf'),
    remotesJson: path.join(runtimeDir, 'remotes.json'),
    pid: path.join(runtimeDir, 'nginx.pid'),
    logs: path.join(runtimeDir, 'logs'),
    accessLog: path.join(runtimeDir, 'logs', 'access.log'),
    errorLog: path.join(runtimeDir, 'logs', 'error.log'),
    tmp,
    tempDirs: ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) =>
      path.join(tmp, name),
    ),
  };
}
