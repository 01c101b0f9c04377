import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { APPS, ROOT, readRepoFile } from './support/deploy-files.js';

// The deployment files (docker/Dockerfile, k8s/base) checked statically: nothing here needs
// Docker or a cluster. Each test reads the files afresh from the repository root. The compose
// file is checked in deploy-compose.spec.ts, the kustomize output in k8s-manifests.spec.ts.

const SECRET_VARS = ['DATABASE_URL', 'REDIS_URL'];
const CONFIG_VARS = ['LOG_LEVEL', 'NATS_URL'];
const SECRET_NAME = 'nl-data-api-secrets';
const CONFIG_NAME = 'nl-data-api-config';

// Parsed YAML is untyped; the tests below check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Y = any;

const read = readRepoFile;

function parseDocuments(path: string): Y[] {
  return parseAllDocuments(read(path)).map((doc) => {
    expect(doc.errors.map((e) => `${path}: ${e.message}`)).toEqual([]);
    return doc.toJS();
  });
}

// ---------------------------------------------------------------------------------------------
// Dockerfile

interface Instruction {
  readonly keyword: string;
  readonly args: string;
}
interface Stage {
  readonly name?: string;
  readonly from: string;
  readonly instructions: Instruction[];
}

/** Splits a Dockerfile into stages of instructions (continuations joined, comments dropped). */
function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!current && (line === '' || line.startsWith('#'))) continue;
    if (current && line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(current + line);
    current = '';
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword, args] = /^(\w+)\s*(.*)$/.exec(line) ?? [];
    if (!keyword) continue;
    if (keyword.toUpperCase() === 'FROM') {
      const [, from, name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ from, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args: args.trim() });
    }
  }
  return stages;
}

function finalStage(stages: Stage[]): Stage {
  const stage = stages.at(-1);
  if (!stage) throw new Error('docker/Dockerfile has no FROM');
  return stage;
}

const argsOf = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

/** The stages a stage builds on or copies from, transitively, the stage itself first. */
function lineage(stages: Stage[], stage: Stage): Stage[] {
  const seen = new Set<Stage>();
  const visit = (s: Stage) => {
    if (seen.has(s)) return;
    seen.add(s);
    const parents = [
      s.from,
      ...argsOf(s, 'COPY').flatMap((a) => /--from=(\S+)/.exec(a)?.[1] ?? []),
    ];
    for (const parent of parents) {
      const found = stages.find((candidate) => candidate.name === parent);
      if (found) visit(found);
    }
  };
  visit(stage);
  return [...seen];
}

/** `ENV` values of a stage (both `K=V ...` and `K V` forms), with `${ARG}` substituted. */
function envOf(stage: Stage, args: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  const expand = (value: string) =>
    value
      .replace(/\$\{?(\w+)\}?/g, (_, name: string) => args[name] ?? env[name] ?? '')
      .replace(/^"(.*)"$/, '$1');
  for (const line of argsOf(stage, 'ENV')) {
    const pairs = [...line.matchAll(/(\w+)=("[^"]*"|\S+)/g)];
    if (pairs.length) for (const [, key, value] of pairs) env[key] = expand(value);
    else {
      const [, key, value] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
      if (key) env[key] = expand(value);
    }
  }
  return env;
}

/** What the final stage starts, as one shell-like string with its environment expanded. */
function startCommand(stage: Stage, env: Record<string, string>): string {
  const [cmd] = argsOf(stage, 'CMD').slice(-1);
  const [entrypoint] = argsOf(stage, 'ENTRYPOINT').slice(-1);
  const words = (value: string | undefined): string[] => {
    if (!value) return [];
    if (value.startsWith('[')) {
      const exec = JSON.parse(value) as string[];
      // Exec form expands no variables: only a shell started by the command does.
      const shell = exec.length === 3 && /(^|\/)(ba)?sh$/.test(exec[0]) && exec[1] === '-c';
      return shell
        ? [exec[2].replace(/\$\{?(\w+)\}?/g, (_, name: string) => env[name] ?? '')]
        : exec;
    }
    return [value.replace(/\$\{?(\w+)\}?/g, (_, name: string) => env[name] ?? '')];
  };
  return [...words(entrypoint), ...words(cmd)].join(' ').replace(/"/g, '');
}

describe('docker/Dockerfile', () => {
  const load = () => parseDockerfile(read('docker/Dockerfile'));

  it('should declare ARG APP in every stage that uses it, including the runtime stage', () => {
    const stages = load();
    const users = stages.filter((s) =>
      s.instructions.some((i) => i.keyword !== 'ARG' && /\$\{?APP\b/.test(i.args)),
    );
    expect(users).toContain(stages.at(-1));
    for (const stage of users)
      expect(argsOf(stage, 'ARG').map((a) => a.split('=')[0])).toContain('APP');
  });

  it('should install with `npm install`, never `npm ci`, and give the runtime production deps only', () => {
    const stages = load();
    const runs = stages.flatMap((s) => argsOf(s, 'RUN'));
    expect(runs.filter((r) => /\bnpm\s+ci\b/.test(r))).toEqual([]);
    // The build gets every dependency.
    expect(
      runs.some((r) => /\bnpm\s+install\b(?!\s+--global)/.test(r) && !/--omit=dev/.test(r)),
    ).toBe(true);

    const runtime = finalStage(stages);
    // The runtime's node_modules come from a stage (or itself) installing with --omit=dev,
    // and not from a stage with the dev dependencies.
    const sources = argsOf(runtime, 'COPY')
      .filter((a) => /node_modules/.test(a))
      .map((a) => stages.find((s) => s.name === /--from=(\S+)/.exec(a)?.[1]));
    const installers = sources.length ? sources : [runtime];
    expect(installers.length).toBeGreaterThan(0);
    for (const stage of installers) {
      if (!stage) throw new Error('node_modules are copied from an unknown stage');
      const installs = lineage(stages, stage)
        .flatMap((s) => argsOf(s, 'RUN'))
        .filter((r) => /\bnpm\s+install\b(?!\s+--global)/.test(r));
      expect(installs.length).toBeGreaterThan(0);
      for (const install of installs) expect(install).toMatch(/--omit=dev/);
    }
  });

  it('should run on a supported Node LTS (22 or 24), slim, with no TypeScript in the runtime', () => {
    const text = read('docker/Dockerfile');
    const [, image] = /^ARG NODE_IMAGE=(\S+)$/m.exec(text) ?? [];
    expect(image).toMatch(/^node:(22|24)-bookworm-slim$/);
    const stages = load();
    expect(finalStage(stages).from).toBe('${NODE_IMAGE}');
    // TypeScript is an optional peer (devOptional in the lockfile): --omit=dev alone keeps it.
    const prodInstall = stages.flatMap((s) => argsOf(s, 'RUN')).find((r) => /--omit=dev/.test(r));
    expect(prodInstall).toMatch(/--omit=optional/);
    expect(prodInstall).toMatch(/test ! -e node_modules\/typescript/);
  });

  it('should serve /metrics on 9464 to other containers, exposed', () => {
    const runtime = finalStage(load());
    expect(envOf(runtime, { APP: 'gateway' })).toMatchObject({
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
    });
    expect(argsOf(runtime, 'EXPOSE').join(' ').split(/\s+/)).toContain('9464');
  });

  it('should build dist/ with tools/scripts/build.mjs', () => {
    const runs = load().flatMap((s) => argsOf(s, 'RUN'));
    expect(runs.some((r) => /\bnode\s+tools\/scripts\/build\.mjs\b/.test(r))).toBe(true);
    expect(existsSync(join(ROOT, 'tools/scripts/build.mjs'))).toBe(true);
  });

  it('should run the runtime stage as a non-root user', () => {
    const [user] = argsOf(finalStage(load()), 'USER').slice(-1);
    expect(user).toBeDefined();
    const [name] = user.split(':');
    expect(name).not.toMatch(/^(root|0)$/);
  });

  it('should set NODE_ENV=production, expose 3000 and health-check /health/live without curl', () => {
    const runtime = finalStage(load());
    expect(envOf(runtime, { APP: 'gateway' }).NODE_ENV).toBe('production');
    expect(argsOf(runtime, 'EXPOSE').join(' ').split(/\s+/)).toContain('3000');
    const [healthcheck] = argsOf(runtime, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/\/health\/live/);
    expect(healthcheck).toMatch(/\bnode\b.*fetch\(/);
    expect(healthcheck).not.toMatch(/\b(curl|wget)\b/);
  });

  it.each(APPS)('should start dist/apps/<app>/src/main.js with node for APP=%s', (app) => {
    const stages = load();
    const runtime = finalStage(stages);
    const main = `dist/apps/${app}/src/main.js`;
    expect(startCommand(runtime, envOf(runtime, { APP: app }))).toMatch(
      new RegExp(`(^|\\s)node(\\s+--\\S+)*\\s+${main.replace(/\./g, '\\.')}$`),
    );
    // ...and that file is in the image: the runtime copies it (or all of dist/) from the build.
    const sources = argsOf(runtime, 'COPY').flatMap(
      (a) => /--from=\S+\s+(\S+)\s+\S+$/.exec(a.replace(/\$\{?APP\}?/g, app))?.[1] ?? [],
    );
    expect(sources.some((source) => new RegExp(`(^|/)dist(/apps/${app})?/?$`).test(source))).toBe(
      true,
    );
    expect(existsSync(join(ROOT, `apps/${app}/src/main.ts`))).toBe(true);
  });

  it('should keep local state out of the build context (.dockerignore)', () => {
    const patterns = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) =>
        l
          .replace(/^\*\*\//, '')
          .replace(/^\//, '')
          .replace(/\/$/, ''),
      );
    for (const path of ['node_modules', 'dist', '.data', '.nx', 'coverage', '.git'])
      expect(patterns).toContain(path);
  });
});

// ---------------------------------------------------------------------------------------------
// k8s/base

const BASE = 'k8s/base';

function loadBase() {
  const kustomization: Y = parse(read(`${BASE}/kustomization.yaml`));
  const resources: string[] = kustomization.resources ?? [];
  const docs = resources.flatMap((file) => parseDocuments(`${BASE}/${file}`));
  const find = (kind: string, name: string) =>
    docs.find((d) => d?.kind === kind && d?.metadata?.name === name);
  return { kustomization, resources, docs, find };
}

const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    return statSync(join(ROOT, path)).isDirectory() ? walk(path) : [path];
  });
}

describe('k8s/base', () => {
  it('should list only existing files that parse into named Kubernetes objects', () => {
    const { resources } = loadBase();
    expect(resources.length).toBeGreaterThan(0);
    for (const file of resources) {
      expect(existsSync(join(ROOT, BASE, file))).toBe(true);
      const docs = parseDocuments(`${BASE}/${file}`);
      expect(docs.length).toBeGreaterThan(0);
      for (const doc of docs) {
        expect(doc).toMatchObject({
          apiVersion: expect.any(String),
          kind: expect.any(String),
          metadata: { name: expect.any(String) },
        });
      }
    }
  });

  it('should not create the Secret: only an example ships, outside the resources', () => {
    const { resources, docs } = loadBase();
    expect(docs.filter((d) => d.kind === 'Secret')).toEqual([]);
    expect(resources).not.toContain('secret.example.yaml');
    const [example] = parseDocuments(`${BASE}/secret.example.yaml`);
    expect(example).toMatchObject({ kind: 'Secret', metadata: { name: SECRET_NAME } });
    expect(Object.keys({ ...example.data, ...example.stringData }).sort()).toEqual(
      [...SECRET_VARS, 'RDW_APP_TOKEN', 'ADMIN_TOKEN', 'KVK_API_KEY', 'BAG_API_KEY'].sort(),
    );
  });

  it('should contain no literal credentials in any URL', () => {
    const found: string[] = [];
    for (const file of walk('k8s')) {
      for (const [url, password] of read(file).matchAll(
        /\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/'"]*:([^\s@/'"]+)@/gi,
      )) {
        // Placeholders such as <password> or ${PASSWORD} are fine; anything else is a secret.
        if (!/^(<[^>]+>|\$\{?\w+\}?)$/.test(password)) found.push(`${file}: ${url}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('should define the ConfigMap the Deployments read', () => {
    const { kustomization, find } = loadBase();
    const generated = (kustomization.configMapGenerator ?? []).find(
      (g: Y) => g.name === CONFIG_NAME,
    );
    const keys = generated
      ? (generated.literals ?? []).map((l: string) => l.split('=')[0])
      : Object.keys(find('ConfigMap', CONFIG_NAME)?.data ?? {});
    expect(keys).toEqual(expect.arrayContaining(CONFIG_VARS));
  });

  describe.each(APPS)('%s', (app) => {
    const deploymentOf = () => {
      const base = loadBase();
      const deployment = base.find('Deployment', app);
      expect(deployment).toBeDefined();
      const pod = deployment.spec.template;
      const container =
        pod.spec.containers.find((c: Y) => c.name === app) ?? pod.spec.containers[0];
      const port = (container.ports ?? []).find((p: Y) => p.containerPort === 3000);
      return { ...base, deployment, pod, container, port };
    };

    it('should run 2 replicas labelled for nl-data-api, selected by their own labels', () => {
      const { deployment, pod } = deploymentOf();
      expect(deployment.apiVersion).toBe('apps/v1');
      expect(deployment.spec.replicas).toBe(2);
      for (const labels of [deployment.metadata.labels, pod.metadata.labels]) {
        expect(labels).toMatchObject({
          'app.kubernetes.io/name': app,
          'app.kubernetes.io/part-of': 'nl-data-api',
        });
      }
      expect(matches(deployment.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    });

    it('should use the image named in the kustomization images', () => {
      const { container, kustomization } = deploymentOf();
      expect(container.image.split(':')[0]).toBe(`nl-data-api/${app}`);
      expect((kustomization.images ?? []).map((i: Y) => i.name)).toContain(`nl-data-api/${app}`);
    });

    it('should probe /health/live (liveness) and /health/ready (readiness, startup) on the container port', () => {
      const { container, port } = deploymentOf();
      expect(port).toBeDefined();
      const probes = {
        livenessProbe: '/health/live',
        readinessProbe: '/health/ready',
        startupProbe: '/health/ready',
      };
      for (const [probe, path] of Object.entries(probes)) {
        const httpGet = container[probe]?.httpGet;
        expect({ probe, path: httpGet?.path }).toEqual({ probe, path });
        expect([port.name, port.containerPort]).toContain(httpGet.port);
      }
      const startup = container.startupProbe;
      const budget =
        (startup.initialDelaySeconds ?? 0) +
        (startup.periodSeconds ?? 10) * (startup.failureThreshold ?? 3);
      expect(budget).toBeGreaterThanOrEqual(60);
    });

    it('should run as non-root with a read-only root filesystem and a writable /tmp', () => {
      const { pod, container } = deploymentOf();
      const nonRoot =
        container.securityContext?.runAsNonRoot ?? pod.spec.securityContext?.runAsNonRoot;
      expect(nonRoot).toBe(true);
      expect(container.securityContext?.runAsUser ?? pod.spec.securityContext?.runAsUser).not.toBe(
        0,
      );
      expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
      const tmp = (container.volumeMounts ?? []).find((m: Y) => m.mountPath === '/tmp');
      expect(tmp).toBeDefined();
      expect((pod.spec.volumes ?? []).find((v: Y) => v.name === tmp.name)?.emptyDir).toBeDefined();
    });

    it('should take DATABASE_URL and REDIS_URL from the Secret and LOG_LEVEL, NATS_URL from the ConfigMap', () => {
      const { container } = deploymentOf();
      const env = (name: string) => (container.env ?? []).find((e: Y) => e.name === name);
      for (const name of SECRET_VARS) {
        expect(env(name)?.value).toBeUndefined();
        expect(env(name)?.valueFrom?.secretKeyRef).toEqual({ name: SECRET_NAME, key: name });
      }
      for (const name of CONFIG_VARS)
        expect(env(name)?.valueFrom?.configMapKeyRef).toEqual({ name: CONFIG_NAME, key: name });
      expect(container.envFrom ?? []).toEqual([]);
    });

    if (app === 'rdw')
      it('should take RDW_URL from the ConfigMap and the optional app token from the Secret', () => {
        const { container } = deploymentOf();
        const env = (name: string) => (container.env ?? []).find((e: Y) => e.name === name);
        expect(env('RDW_URL')?.valueFrom?.configMapKeyRef).toEqual({
          name: CONFIG_NAME,
          key: 'RDW_URL',
        });
        expect(env('RDW_APP_TOKEN')?.valueFrom?.secretKeyRef).toEqual({
          name: SECRET_NAME,
          key: 'RDW_APP_TOKEN',
          optional: true,
        });
      });

    if (app === 'property')
      it('should take the PDOK, BAG and WOZ URLs from the ConfigMap and the optional BAG key from the Secret', () => {
        const { container } = deploymentOf();
        const env = (name: string) => (container.env ?? []).find((e: Y) => e.name === name);
        for (const name of ['PDOK_URL', 'BAG_URL', 'WOZ_URL'])
          expect(env(name)?.valueFrom?.configMapKeyRef).toEqual({ name: CONFIG_NAME, key: name });
        expect(env('BAG_API_KEY')?.valueFrom?.secretKeyRef).toEqual({
          name: SECRET_NAME,
          key: 'BAG_API_KEY',
          optional: true,
        });
      });

    it('should request and limit CPU and memory', () => {
      const { container } = deploymentOf();
      const { requests, limits } = container.resources ?? {};
      for (const resource of ['cpu', 'memory']) {
        expect(requests?.[resource]).toBeDefined();
        expect(limits?.[resource]).toBeDefined();
      }
    });

    it('should be scraped by Prometheus on the container’s metrics port', () => {
      const { pod, container } = deploymentOf();
      expect(pod.metadata.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/path': '/metrics',
      });
      const metrics = (container.ports ?? []).find((p: Y) => p.name === 'metrics');
      expect(metrics?.containerPort).toBe(9464);
      expect(pod.metadata.annotations['prometheus.io/port']).toBe(String(metrics.containerPort));
    });

    it('should have a Service on the container port, 80 for the gateway and 3000 for services', () => {
      const { find, pod, port } = deploymentOf();
      const service = find('Service', app);
      expect(service).toBeDefined();
      expect(matches(service.spec.selector, pod.metadata.labels)).toBe(true);
      expect(service.spec.ports.map((p: Y) => p.name)).toEqual(['http', 'metrics']);
      const [servicePort] = service.spec.ports;
      expect(servicePort.port).toBe(app === 'gateway' ? 80 : 3000);
      expect([port.name, port.containerPort]).toContain(servicePort.targetPort);
    });

    it('should scale on 70 % CPU and keep one pod through disruptions', () => {
      const { find, pod, deployment } = deploymentOf();
      const hpa = find('HorizontalPodAutoscaler', app);
      expect(hpa?.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toMatchObject({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: deployment.metadata.name,
      });
      expect(hpa.spec.metrics).toContainEqual({
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
      });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas);

      const pdb = find('PodDisruptionBudget', app);
      expect(pdb?.apiVersion).toBe('policy/v1');
      expect(pdb.spec.minAvailable).toBe(1);
      expect(matches(pdb.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    });
  });
});
