// The compose project under test: one wrapper for `docker compose` v2 and `docker-compose` v1,
// and container state read from Docker itself (labels), which both versions set alike.
import { run, sleep, type RunOptions } from './exec.ts';
import type { DockerTools } from './docker-engine.ts';

export interface ContainerState {
  id: string;
  name: string;
  service: string;
  state: string;
  health: string;
  startedAt: string;
  exitCode: number;
  ip: string;
}

export class ComposeProject {
  readonly tools: DockerTools;
  readonly project: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;

  constructor(tools: DockerTools, project: string, env: Record<string, string>, cwd: string) {
    this.tools = tools;
    this.project = project;
    this.cwd = cwd;
    this.env = { ...tools.env, ...env, COMPOSE_PROJECT_NAME: project };
  }

  compose(args: string[], options: RunOptions = {}) {
    const [command, ...base] = this.tools.compose;
    return run(command, [...base, '-p', this.project, ...args], {
      env: this.env,
      cwd: this.cwd,
      ...options,
    });
  }

  docker(args: string[], options: RunOptions = {}) {
    return run(this.tools.docker, args, { env: this.env, ...options });
  }

  async containers(): Promise<ContainerState[]> {
    const ids = (
      await this.docker([
        'ps',
        '-aq',
        '--filter',
        `label=com.docker.compose.project=${this.project}`,
      ])
    ).stdout
      .split('\n')
      .filter(Boolean);
    if (ids.length === 0) return [];
    const format =
      '{{.Id}}|{{.Name}}|{{index .Config.Labels "com.docker.compose.service"}}|{{.State.Status}}|{{if .State.Health}}{{.State.Health.Status}}{{end}}|{{.State.StartedAt}}|{{.State.ExitCode}}|{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}';
    const result = await this.docker(['inspect', '--format', format, ...ids]);
    return result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [id, name, service, state, health, startedAt, exitCode, ip] = line.split('|');
        return {
          id,
          name: name.replace(/^\//, ''),
          service,
          state,
          health,
          startedAt,
          exitCode: Number(exitCode),
          ip,
        };
      });
  }

  // Until every long-running container is running (and healthy where it has a health check) and
  // every one-shot container exited 0. Throws naming the containers that are not, with logs.
  async waitHealthy(timeoutMs: number, oneShot: (service: string) => boolean): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let pending: string[] = [];
    while (Date.now() < deadline) {
      const states = await this.containers();
      pending = [];
      for (const c of states) {
        if (oneShot(c.service)) {
          if (c.state === 'exited' && c.exitCode !== 0)
            throw new Error(`${c.name} failed (exit ${c.exitCode}):\n${await this.logs(c.name)}`);
          if (c.state !== 'exited') pending.push(`${c.name} (${c.state})`);
        } else if (c.state !== 'running' || (c.health !== '' && c.health !== 'healthy')) {
          if (c.state === 'exited' || c.state === 'dead' || c.health === 'unhealthy')
            throw new Error(`${c.name} is ${c.health || c.state}:\n${await this.logs(c.name)}`);
          pending.push(`${c.name} (${c.health || c.state})`);
        }
      }
      if (states.length > 0 && pending.length === 0) return;
      await sleep(1000);
    }
    throw new Error(`not healthy after ${timeoutMs / 1000} s: ${pending.join(', ')}`);
  }

  async logs(container: string, lines = 30): Promise<string> {
    const result = await this.docker(['logs', '--tail', String(lines), container], {
      allowFailure: true,
    });
    return `${result.stdout}${result.stderr}`.trim();
  }
}
