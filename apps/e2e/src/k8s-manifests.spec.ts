import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { APPS } from './support/deploy-files.js';
import { idOf, kustomizeBuild, validateObject, type K8sObject } from './support/kustomize.js';

// The kustomize output (k8s/base and the example overlay) validated against the Kubernetes
// schemas, and the operational objects checked: NetworkPolicies, the bootstrap Job, the
// ServiceMonitor, the Ingress, the metrics port and ADMIN_TOKEN. Nothing needs a cluster.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BASE = `${ROOT}k8s/base`;
const OVERLAY = `${ROOT}k8s/overlays/example`;
const PART_OF = { 'app.kubernetes.io/part-of': 'nl-data-api' };

/** `kubectl kustomize`, when kubectl is installed (it is on the project machine, not everywhere). */
function kubectlKustomize(dir: string): K8sObject[] | null {
  try {
    const text = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: 'pipe' });
    return parseAllDocuments(text).map((d) => d.toJS());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
const KUBECTL = kubectlKustomize(BASE) !== null;

const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata?.name === name);

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v);

/** The NetworkPolicies that select a pod with these labels. */
const policiesOf = (objects: K8sObject[], labels: Record<string, string>) =>
  objects.filter(
    (o) => o.kind === 'NetworkPolicy' && matches(o.spec.podSelector.matchLabels, labels),
  );

describe.each([
  ['k8s/base', BASE],
  ['k8s/overlays/example', OVERLAY],
])('kustomize build of %s', (_, dir) => {
  const objects = kustomizeBuild(dir);

  it('should validate every object against the Kubernetes schemas', async () => {
    expect(objects.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const object of objects)
      await validateObject(object).catch((e: Error) => problems.push(e.message));
    expect(problems).toEqual([]);
  });

  it('should name every object once', () => {
    const ids = objects.map(idOf);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  (KUBECTL ? it : it.skip)('should render what kubectl kustomize renders, valid too', async () => {
    const rendered = kubectlKustomize(dir) ?? [];
    // Generated ConfigMaps carry a content hash in kubectl's output.
    const bare = (o: K8sObject) => idOf(o).replace(/^(.*ConfigMap\/.*)-[a-z0-9]{10}$/, '$1');
    expect(rendered.map(bare).sort()).toEqual(objects.map(idOf).sort());
    const images = (list: K8sObject[]) =>
      list
        .flatMap((o) => o.spec?.template?.spec?.containers ?? [])
        .map((c: K8sObject) => c.image)
        .sort();
    expect(images(rendered)).toEqual(images(objects));
    for (const object of rendered) await validateObject(object);
  });
});

describe('the schema validation', () => {
  it('should refuse a Deployment with a wrong type and an unknown kind', async () => {
    const deployment = structuredClone(find(kustomizeBuild(BASE), 'Deployment', 'gateway'));
    deployment.spec.replicas = 'two';
    deployment.spec.template.spec.containers[0].ports[0].containerPort = '3000';
    await expect(validateObject(deployment)).rejects.toThrow(
      /replicas must be integer.*containerPort must be integer/,
    );
    await expect(
      validateObject({ apiVersion: 'v1', kind: 'Servic', metadata: {} }),
    ).rejects.toThrow(/no schema for v1 Servic/);
  });
});

describe('k8s operations objects', () => {
  const base = kustomizeBuild(BASE);
  const overlay = kustomizeBuild(OVERLAY);

  it.each(APPS)(
    'should give %s a metrics port that the Service names and Prometheus scrapes',
    (app) => {
      const deployment = find(base, 'Deployment', app);
      const container = deployment.spec.template.spec.containers[0];
      expect(container.ports).toContainEqual({
        name: 'metrics',
        containerPort: 9464,
        protocol: 'TCP',
      });
      const env = Object.fromEntries(container.env.map((e: K8sObject) => [e.name, e.value]));
      expect(env).toMatchObject({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
      expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe('9464');
      const service = find(base, 'Service', app);
      expect(service.spec.ports).toContainEqual(
        expect.objectContaining({ name: 'metrics', port: 9464, targetPort: 'metrics' }),
      );
    },
  );

  it('should take the gateway’s ADMIN_TOKEN from the Secret, optional, never as a literal', () => {
    const [container] = find(base, 'Deployment', 'gateway').spec.template.spec.containers;
    const token = container.env.find((e: K8sObject) => e.name === 'ADMIN_TOKEN');
    expect(token).toEqual({
      name: 'ADMIN_TOKEN',
      valueFrom: {
        secretKeyRef: { name: 'nl-data-api-secrets', key: 'ADMIN_TOKEN', optional: true },
      },
    });
  });

  it('should deny by default and open the public port on the gateway only', () => {
    for (const name of [...APPS, 'bootstrap']) {
      const labels = find(
        base,
        name === 'bootstrap' ? 'Job' : 'Deployment',
        name === 'bootstrap' ? 'nl-data-api-bootstrap' : name,
      ).spec.template.metadata.labels;
      const policies = policiesOf(base, labels);
      // A policy with both types and no rules: nothing in or out unless another allows it.
      expect(policies).toContainEqual(
        expect.objectContaining({
          spec: expect.objectContaining({ policyTypes: ['Ingress', 'Egress'] }),
        }),
      );
      const open = policies.flatMap((p) => p.spec.ingress ?? []).filter((r) => !r.from);
      expect({ name, open: open.flatMap((r) => r.ports) }).toEqual({
        name,
        open: name === 'gateway' ? [{ port: 'http', protocol: 'TCP' }] : [],
      });
    }
  });

  it('should let services reach the internet on 443, the gateway only NATS, PostgreSQL, Redis and DNS', () => {
    const egressPorts = (app: string) =>
      policiesOf(base, find(base, 'Deployment', app).spec.template.metadata.labels)
        .flatMap((p) => p.spec.egress ?? [])
        .flatMap((rule) => {
          expect(rule.to).toBeUndefined(); // by port: the backends live outside the base
          return rule.ports.map((p: K8sObject) => p.port);
        })
        .sort((a: number, b: number) => a - b);
    expect(egressPorts('gateway')).toEqual([53, 53, 4222, 5432, 6379]);
    for (const app of APPS.filter((a) => a !== 'gateway'))
      expect(egressPorts(app)).toEqual([53, 53, 443, 4222, 5432, 6379]);
  });

  it('should let only the monitoring namespace scrape the metrics port, and only the gateway reach a service', () => {
    const labels = find(base, 'Deployment', 'rdw').spec.template.metadata.labels;
    const rules = policiesOf(base, labels).flatMap((p) => p.spec.ingress ?? []);
    expect(rules).toHaveLength(2);
    expect(rules).toContainEqual({
      from: [
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
      ],
      ports: [{ port: 'metrics', protocol: 'TCP' }],
    });
    expect(rules).toContainEqual({
      from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway', ...PART_OF } } }],
      ports: [{ port: 'http', protocol: 'TCP' }],
    });
  });

  it('should bootstrap the first account once, with the gateway image’s admin CLI, on the Secret’s database', () => {
    const job = find(base, 'Job', 'nl-data-api-bootstrap');
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(job.spec.backoffLimit).toBeGreaterThan(0);
    const [container] = job.spec.template.spec.containers;
    expect(container.image).toBe('nl-data-api/gateway:0.1.0');
    expect(container.command.slice(0, 3)).toEqual([
      'node',
      'dist/tools/admin/admin.js',
      'bootstrap',
    ]);
    const env = Object.fromEntries(container.env.map((e: K8sObject) => [e.name, e.valueFrom]));
    expect(env.DATABASE_URL.secretKeyRef).toEqual({
      name: 'nl-data-api-secrets',
      key: 'DATABASE_URL',
    });
    expect(job.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
  });

  it('should trust no proxy in the base, and the ingress controller’s pods behind the example Ingress', () => {
    const trusted = (objects: K8sObject[]) => {
      const [container] = find(objects, 'Deployment', 'gateway').spec.template.spec.containers;
      const ref = container.env.find((e: K8sObject) => e.name === 'TRUSTED_PROXIES')?.valueFrom;
      expect(ref?.configMapKeyRef).toMatchObject({ key: 'TRUSTED_PROXIES', optional: true });
      const config = find(objects, 'ConfigMap', ref.configMapKeyRef.name);
      return config.data.TRUSTED_PROXIES;
    };
    expect(trusted(base)).toBeUndefined();
    expect(trusted(overlay)).toMatch(/^[\d./,:a-f]+$/);
  });

  it('should route the example Ingress to the gateway Service’s http port', () => {
    const ingress = find(overlay, 'Ingress', 'nl-data-api');
    const [path] = ingress.spec.rules[0].http.paths;
    expect(path.backend.service).toEqual({ name: 'gateway', port: { name: 'http' } });
    expect(find(overlay, 'Service', 'gateway').spec.ports.map((p: K8sObject) => p.name)).toContain(
      'http',
    );
    expect(ingress.spec.tls[0].hosts).toEqual([ingress.spec.rules[0].host]);
  });

  it('should scrape the metrics port of every app with the ServiceMonitor', () => {
    const monitor = find(overlay, 'ServiceMonitor', 'nl-data-api');
    expect(monitor.spec.endpoints).toEqual([
      expect.objectContaining({ port: 'metrics', path: '/metrics' }),
    ]);
    const selected = overlay.filter(
      (o) => o.kind === 'Service' && matches(monitor.spec.selector.matchLabels, o.metadata.labels),
    );
    expect(selected.map((s) => s.metadata.name).sort()).toEqual([...APPS].sort());
    for (const service of selected)
      expect(service.spec.ports.map((p: K8sObject) => p.name)).toContain('metrics');
  });

  it('should point every image of the example overlay at its registry', () => {
    const images = overlay
      .flatMap((o) => o.spec?.template?.spec?.containers ?? [])
      .map((c: K8sObject) => c.image);
    expect(images.length).toBe(APPS.length + 1);
    for (const image of images)
      expect(image).toMatch(/^registry\.example\.com\/nl-data-api\/[a-z]+:0\.1\.0$/);
  });
});
