import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { validateKubernetes } from './k8s-validate.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

// A copy of deploy/k8s with one file edited.
function mutated(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'k8s-'));
  dirs.push(dir);
  cpSync(path.join(ROOT, 'deploy/k8s'), dir, { recursive: true });
  const target = path.join(dir, file);
  writeFileSync(target, edit(readFileSync(target, 'utf8')));
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('validateKubernetes', () => {
  it('accepts the base and the production overlay, as kubectl kustomize builds them', async () => {
    const result = await validateKubernetes(ROOT);
    expect(result.problems).toEqual([]);
  });

  it('rejects an unknown field, as kubeconform -strict would', async () => {
    const dir = mutated('base/svc-hours.yaml', (t) =>
      t.replace(
        '          args: [node, dist/main.js]',
        '          args: [node, dist/main.js]\n          imagePullPolicyy: Always',
      ),
    );
    const result = await validateKubernetes(ROOT, () => {}, dir);
    expect(result.problems.join('\n')).toMatch(/Deployment\/svc-hours.*imagePullPolicyy/);
  });

  it('rejects a value of the wrong type or format', async () => {
    const dir = mutated('base/gateway.yaml', (t) =>
      t.replace('memory: 96Mi', 'memory: 96 megabytes'),
    );
    const result = await validateKubernetes(ROOT, () => {}, dir);
    expect(result.problems.join('\n')).toMatch(/Deployment\/gateway.*quantity/);
  });

  it('requires an autoscaler for every service', async () => {
    const dir = mutated('base/svc-hours.yaml', (t) =>
      t.replace(/---\napiVersion: autoscaling\/v2[\s\S]*?(?=---)/, ''),
    );
    const result = await validateKubernetes(ROOT, () => {}, dir);
    expect(result.problems).toContain('base Deployment/svc-hours: no HorizontalPodAutoscaler');
  });

  it('requires Deployments to restart crashed containers and to probe liveness', async () => {
    const dir = mutated('base/svc-volunteer.yaml', (t) =>
      t
        .replace(
          '      automountServiceAccountToken: false',
          '      restartPolicy: Never\n      automountServiceAccountToken: false',
        )
        .replace(/ {10}livenessProbe:\n( {12}.*\n)+?(?= {10}readinessProbe)/, ''),
    );
    const result = await validateKubernetes(ROOT, () => {}, dir);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'base Deployment/svc-volunteer: restartPolicy must be Always (or left out), got Never',
        'base Deployment/svc-volunteer: container svc-volunteer needs liveness and readiness probes',
      ]),
    );
  });

  it('refuses a real-looking secret', async () => {
    const dir = mutated('base/config.yaml', (t) =>
      t.replace(
        'CHANGE-ME-to-at-least-32-random-characters',
        'a-real-key-0123456789abcdef0123456789',
      ),
    );
    const result = await validateKubernetes(ROOT, () => {}, dir);
    expect(result.problems.join('\n')).toMatch(/IDENTITY_SECRET must be a CHANGE-ME placeholder/);
  });

  it('checks what kustomize builds, features our own code never implemented included', async () => {
    // commonLabels reaches every selector and pod template only in a real kustomize build.
    const dir = mutated(
      'overlays/production/kustomization.yaml',
      (t) => `${t}commonLabels:\n  team: district\n`,
    );
    const result = await validateKubernetes(ROOT, () => {}, dir);
    expect(result.problems).toEqual([]);
    expect(result.detail).toMatch(/overlays\/production: \d+ documents/);
  });

  it('fails when kustomize cannot build an overlay', async () => {
    const dir = mutated('overlays/production/kustomization.yaml', (t) =>
      t.replace('  - ../../base', '  - ../../nowhere'),
    );
    await expect(validateKubernetes(ROOT, () => {}, dir)).rejects.toThrow(/kubectl kustomize/);
  });
});
