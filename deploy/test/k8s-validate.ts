// Validates deploy/k8s without a cluster (none is available here): builds the kustomize base and
// every overlay with `kubectl kustomize` (kustomize v5, as `kubectl apply -k` would), then
//   1. validates every document against the Kubernetes API schemas (kubernetes-models' JSON
//      schema validators: types, required fields, formats such as quantities),
//   2. rejects unknown fields by type-checking every document against kubernetes-types with tsc
//      (what `kubeconform -strict` does),
//   3. checks our own rules: probes and requests/limits everywhere, an autoscaler and a disruption
//      budget per workload, a migration Job per service, references that resolve, placeholder
//      secrets only.
// The validator's tools live in deploy/tools (their own lockfile), installed here on first use.
//   node deploy/test/k8s-validate.ts
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureTools, locateTool } from '../../scripts/system-packages.ts';
import { run } from './lib/exec.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Doc = { [key: string]: Json } & {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
};

interface YamlModule {
  parseAllDocuments(text: string): Array<{ toJS(): unknown; errors: Array<{ message: string }> }>;
}

async function loadTools(root: string) {
  const tools = path.join(root, 'deploy/tools');
  if (
    !existsSync(path.join(tools, 'node_modules/kubernetes-models')) ||
    !existsSync(path.join(tools, 'node_modules/kubernetes-types'))
  ) {
    await run('npm', ['ci', '--prefix', tools, '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: tools,
    });
  }
  const require = createRequire(path.join(tools, 'package.json'));
  const yaml = (await import(pathToFileURL(require.resolve('yaml')).href)) as YamlModule;
  return {
    tools,
    yaml,
    modelsDir: path.dirname(require.resolve('kubernetes-models/package.json')),
  };
}

function podSpecs(doc: Doc): Array<{ [key: string]: Json }> {
  const spec = doc.spec as { template?: { spec?: { [key: string]: Json } } } | undefined;
  return spec?.template?.spec ? [spec.template.spec] : [];
}

function containersOf(doc: Doc): Array<{ [key: string]: Json }> {
  return podSpecs(doc).flatMap((pod) => [
    ...((pod.containers as Array<{ [key: string]: Json }>) ?? []),
    ...((pod.initContainers as Array<{ [key: string]: Json }>) ?? []),
  ]);
}

// kubectl with kustomize v5 (what `kubectl apply -k` in the README uses): KUBECTL, else PATH,
// else Debian's package where the machine may install one.
async function kubectl(): Promise<string> {
  const fromEnv = process.env.KUBECTL;
  if (!fromEnv)
    ensureTools([
      {
        tool: 'kubectl',
        why: 'building deploy/k8s with kustomize',
        missingLine: 'kubectl (with kustomize v5) is needed to build deploy/k8s: install kubectl',
      },
    ]);
  const binary = fromEnv ?? locateTool('kubectl') ?? 'kubectl';
  const version = await run(binary, ['version', '--client'], { allowFailure: true });
  const kustomize = /Kustomize Version: v(\d+)/.exec(version.stdout)?.[1];
  if (Number(kustomize ?? 0) < 5)
    throw new Error(
      `${binary} has kustomize ${kustomize ? `v${kustomize}` : 'unknown'}; deploy/k8s needs v5 (kubectl 1.27+)`,
    );
  return binary;
}

// `kubectl kustomize <dir>`, parsed: the documents `kubectl apply -k` would send.
async function kustomizeBuild(yaml: YamlModule, binary: string, dir: string): Promise<Doc[]> {
  const built = await run(binary, ['kustomize', dir]);
  return yaml.parseAllDocuments(built.stdout).flatMap((doc) => {
    if (doc.errors.length > 0)
      throw new Error(`kubectl kustomize ${dir}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS() as Doc | null;
    return value ? [value] : [];
  });
}

async function schemaProblems(modelsDir: string, docs: Doc[]): Promise<string[]> {
  const problems: string[] = [];
  for (const doc of docs) {
    const [group, version] = doc.apiVersion.includes('/')
      ? doc.apiVersion.split('/')
      : ['', doc.apiVersion];
    const file = path.join(modelsDir, group, version, `${doc.kind}.js`);
    if (!existsSync(file)) {
      problems.push(
        `${doc.kind}/${doc.metadata.name}: no schema for ${doc.apiVersion} ${doc.kind}`,
      );
      continue;
    }
    const module = (await import(pathToFileURL(file).href)) as Record<
      string,
      new (data: unknown) => { validate(): void }
    >;
    try {
      new module[doc.kind](doc).validate();
    } catch (error) {
      problems.push(
        `${doc.kind}/${doc.metadata.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return problems;
}

// kubernetes-types module and type for an apiVersion/kind.
function typeModule(apiVersion: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['core', apiVersion];
  return `kubernetes-types/${group.replace(/\.k8s\.io$/, '')}/${version}`;
}

async function strictProblems(
  root: string,
  tools: string,
  sets: Record<string, Doc[]>,
): Promise<string[]> {
  const dir = path.join(tools, `.check-${process.pid}-${Date.now()}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const imports = new Map<string, Set<string>>();
  const lines: string[] = [];
  let index = 0;
  for (const [setName, docs] of Object.entries(sets)) {
    for (const doc of docs) {
      const module = typeModule(doc.apiVersion);
      if (!imports.has(module)) imports.set(module, new Set());
      imports.get(module)?.add(doc.kind);
      const alias = `${module.replace(/[^a-z0-9]/gi, '_')}_${doc.kind}`;
      lines.push(
        `// ${setName}: ${doc.kind}/${doc.metadata.name}`,
        `export const doc${index++}: ${alias} = ${JSON.stringify(doc, null, 2)};`,
      );
    }
  }
  const header = [...imports].map(
    ([module, kinds]) =>
      `import type { ${[...kinds].map((kind) => `${kind} as ${module.replace(/[^a-z0-9]/gi, '_')}_${kind}`).join(', ')} } from '${module}';`,
  );
  const file = path.join(dir, 'manifests.ts');
  writeFileSync(file, `${header.join('\n')}\n${lines.join('\n')}\n`);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        noEmit: true,
        strict: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        types: [],
      },
      files: ['manifests.ts'],
    }),
  );
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', dir], { allowFailure: true, cwd: dir });
  const source = readFileSync(file, 'utf8').split('\n');
  rmSync(dir, { recursive: true, force: true });
  if (result.code === 0) return [];
  // Name the document each error is in (the comment line above its declaration).
  return result.stdout
    .split('\n')
    .filter((line) => /error TS/.test(line))
    .map((line) => {
      const at = Number(/\((\d+),\d+\)/.exec(line)?.[1] ?? 0);
      let owner = '';
      for (let i = at - 1; i >= 0 && !owner; i--)
        if (source[i]?.startsWith('// ')) owner = source[i].slice(3);
      return `${owner}: ${line.replace(/^.*error TS\d+: /, '')}`;
    });
}

function policyProblems(docs: Doc[], setName: string): string[] {
  const problems: string[] = [];
  const find = (kind: string, name: string) =>
    docs.find((d) => d.kind === kind && d.metadata.name === name);
  const deployments = docs.filter((d) => d.kind === 'Deployment');
  const labelsMatch = (
    selector: Record<string, string> | undefined,
    labels: Record<string, string> | undefined,
  ) => Boolean(selector) && Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v);
  const podLabels = (d: Doc) =>
    (d.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata
      .labels;

  for (const d of [...deployments, ...docs.filter((doc) => doc.kind === 'Job')]) {
    const where = `${setName} ${d.kind}/${d.metadata.name}`;
    const pod = podSpecs(d)[0] ?? {};
    if ((pod.securityContext as { runAsNonRoot?: boolean } | undefined)?.runAsNonRoot !== true)
      problems.push(`${where}: pod must set runAsNonRoot`);
    // Issue 15.3: a crashed container is restarted by the kubelet (Always, the default for a
    // Deployment); the liveness probe below restarts one that hangs.
    const restartPolicy = (pod as { restartPolicy?: string }).restartPolicy;
    if (d.kind === 'Deployment' && restartPolicy !== undefined && restartPolicy !== 'Always')
      problems.push(`${where}: restartPolicy must be Always (or left out), got ${restartPolicy}`);
    for (const c of containersOf(d)) {
      const r = c.resources as
        { requests?: Record<string, string>; limits?: Record<string, string> } | undefined;
      for (const part of ['requests', 'limits'] as const)
        for (const resource of ['cpu', 'memory'])
          if (!r?.[part]?.[resource])
            problems.push(`${where}: container ${String(c.name)} has no ${part}.${resource}`);
      if (d.kind === 'Deployment' && (!c.livenessProbe || !c.readinessProbe))
        problems.push(`${where}: container ${String(c.name)} needs liveness and readiness probes`);
      for (const from of (c.envFrom as Array<{
        configMapRef?: { name: string };
        secretRef?: { name: string };
      }>) ?? []) {
        if (from.configMapRef && !find('ConfigMap', from.configMapRef.name))
          problems.push(`${where}: ConfigMap ${from.configMapRef.name} does not exist`);
        if (from.secretRef && !find('Secret', from.secretRef.name))
          problems.push(`${where}: Secret ${from.secretRef.name} does not exist`);
      }
    }
    for (const volume of (pod.volumes as Array<{
      persistentVolumeClaim?: { claimName: string };
    }>) ?? [])
      if (
        volume.persistentVolumeClaim &&
        !find('PersistentVolumeClaim', volume.persistentVolumeClaim.claimName)
      )
        problems.push(`${where}: PVC ${volume.persistentVolumeClaim.claimName} does not exist`);
  }
  for (const d of deployments) {
    const where = `${setName} Deployment/${d.metadata.name}`;
    const component = podLabels(d)['app.kubernetes.io/component'];
    const hpa = docs.find(
      (h) =>
        h.kind === 'HorizontalPodAutoscaler' &&
        (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === d.metadata.name,
    );
    if ((component === 'service' || component === 'gateway') && !hpa)
      problems.push(`${where}: no HorizontalPodAutoscaler`);
    const pdb = docs.find(
      (p) =>
        p.kind === 'PodDisruptionBudget' &&
        labelsMatch(
          (p.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels,
          podLabels(d),
        ),
    );
    if (!pdb) problems.push(`${where}: no PodDisruptionBudget selects its pods`);
    const service = docs.find(
      (s) =>
        s.kind === 'Service' &&
        labelsMatch((s.spec as { selector: Record<string, string> }).selector, podLabels(d)),
    );
    if (!service) problems.push(`${where}: no Service selects its pods`);
    if (component === 'service' && !find('Job', `${d.metadata.name}-migrate`))
      problems.push(`${where}: no migration Job ${d.metadata.name}-migrate`);
  }
  for (const s of docs.filter((doc) => doc.kind === 'Service')) {
    const selector = (s.spec as { selector: Record<string, string> }).selector;
    const target = deployments.find((d) => labelsMatch(selector, podLabels(d)));
    if (!target) {
      problems.push(`${setName} Service/${s.metadata.name}: selects no Deployment`);
      continue;
    }
    const portNames = containersOf(target).flatMap((c) =>
      ((c.ports as Array<{ name?: string }>) ?? []).map((p) => p.name),
    );
    for (const port of (s.spec as { ports: Array<{ targetPort: string | number }> }).ports)
      if (typeof port.targetPort === 'string' && !portNames.includes(port.targetPort))
        problems.push(
          `${setName} Service/${s.metadata.name}: targetPort ${port.targetPort} is not a container port`,
        );
  }
  for (const h of docs.filter((doc) => doc.kind === 'HorizontalPodAutoscaler')) {
    const spec = h.spec as {
      scaleTargetRef: { name: string };
      minReplicas: number;
      maxReplicas: number;
    };
    if (!find('Deployment', spec.scaleTargetRef.name))
      problems.push(`${setName} HPA/${h.metadata.name}: targets no Deployment`);
    if (spec.minReplicas > spec.maxReplicas)
      problems.push(`${setName} HPA/${h.metadata.name}: minReplicas > maxReplicas`);
  }
  for (const ingress of docs.filter((doc) => doc.kind === 'Ingress')) {
    const backends = (
      ingress.spec as {
        rules: Array<{
          http: {
            paths: Array<{ backend: { service: { name: string; port: { name?: string } } } }>;
          };
        }>;
      }
    ).rules.flatMap((r) => r.http.paths.map((p) => p.backend.service));
    for (const backend of backends) {
      const service = find('Service', backend.name);
      if (!service)
        problems.push(
          `${setName} Ingress/${ingress.metadata.name}: Service ${backend.name} does not exist`,
        );
      else if (
        backend.port.name &&
        !(service.spec as { ports: Array<{ name: string }> }).ports.some(
          (p) => p.name === backend.port.name,
        )
      )
        problems.push(
          `${setName} Ingress/${ingress.metadata.name}: Service ${backend.name} has no port ${backend.port.name}`,
        );
    }
  }
  for (const secret of docs.filter((doc) => doc.kind === 'Secret')) {
    for (const [key, value] of Object.entries((secret.stringData as Record<string, string>) ?? {}))
      if (!/CHANGE-ME/.test(value) && !/USERNAME$/.test(key))
        problems.push(
          `${setName} Secret/${secret.metadata.name}: ${key} must be a CHANGE-ME placeholder, never a real secret`,
        );
    if (secret.data)
      problems.push(
        `${setName} Secret/${secret.metadata.name}: use stringData placeholders, not data`,
      );
  }
  return problems;
}

export async function validateKubernetes(
  root: string,
  log: (line: string) => void = () => {},
  k8sDir = path.join(root, 'deploy/k8s'),
): Promise<{ ok: boolean; detail: string; problems: string[] }> {
  const { tools, yaml, modelsDir } = await loadTools(root);
  const binary = await kubectl();
  const sets: Record<string, Doc[]> = {};
  for (const dir of [
    'base',
    ...readdirSync(path.join(k8sDir, 'overlays')).map((o) => `overlays/${o}`),
  ])
    sets[dir] = await kustomizeBuild(yaml, binary, path.join(k8sDir, dir));
  const problems: string[] = [];
  for (const [name, docs] of Object.entries(sets)) {
    problems.push(...(await schemaProblems(modelsDir, docs)).map((p) => `${name} ${p}`));
    problems.push(...policyProblems(docs, name));
  }
  problems.push(...(await strictProblems(root, tools, sets)));
  const counts = Object.entries(sets)
    .map(([name, docs]) => `${name}: ${docs.length} documents`)
    .join(', ');
  for (const problem of problems) log(`k8s: ${problem}`);
  return {
    ok: problems.length === 0,
    detail: `${counts}; ${problems.length} problems (schemas, unknown fields, own rules)`,
    problems,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // No top-level await: the spec loads this module as CommonJS under jest.
  const root = path.resolve(import.meta.dirname, '../..');
  void validateKubernetes(root, (line) => process.stdout.write(`${line}\n`)).then((result) => {
    process.stdout.write(`${result.ok ? 'ok' : 'FAILED'}: ${result.detail}\n`);
    process.exitCode = result.ok ? 0 : 1;
  });
}
