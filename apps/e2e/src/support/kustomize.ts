import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';

// Parsed YAML is untyped; callers check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type K8sObject = any;

/** The kustomization fields {@link kustomizeBuild} understands; any other field is an error. */
const KNOWN = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'configMapGenerator',
  'images',
]);

function readDocuments(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).flatMap((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
    const value = doc.toJS();
    return value === null ? [] : [value];
  });
}

/** Pod specs of the workloads kustomize's `images` reaches (Deployment, Job, …). */
function podSpecs(object: K8sObject): K8sObject[] {
  const spec = object?.spec?.template?.spec ?? object?.spec?.jobTemplate?.spec?.template?.spec;
  return spec ? [spec] : [];
}

function setImages(objects: K8sObject[], images: K8sObject[]): void {
  for (const object of objects)
    for (const pod of podSpecs(object))
      for (const container of [...(pod.containers ?? []), ...(pod.initContainers ?? [])]) {
        const [name, tag] = String(container.image).split(/:(?=[^/]*$)/);
        const rule = images.find((i) => i.name === name);
        if (!rule) continue;
        const newName = rule.newName ?? name;
        const newTag = rule.newTag ?? tag;
        if (rule.digest) container.image = `${newName}@${rule.digest}`;
        else container.image = newTag ? `${newName}:${newTag}` : newName;
      }
}

function generateConfigMaps(generators: K8sObject[], objects: K8sObject[]): void {
  for (const g of generators) {
    const data = Object.fromEntries(
      (g.literals ?? []).map((l: string) => {
        const at = l.indexOf('=');
        if (at <= 0) throw new Error(`configMapGenerator ${g.name}: bad literal "${l}"`);
        return [l.slice(0, at), l.slice(at + 1)];
      }),
    );
    const existing = objects.find((o) => o.kind === 'ConfigMap' && o.metadata?.name === g.name);
    if (g.behavior === 'merge' || g.behavior === 'replace') {
      if (!existing) throw new Error(`configMapGenerator ${g.name}: nothing to ${g.behavior}`);
      existing.data = g.behavior === 'merge' ? { ...existing.data, ...data } : data;
      continue;
    }
    if (existing) throw new Error(`configMapGenerator ${g.name}: made twice`);
    objects.push({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: g.name, labels: { ...g.options?.labels } },
      data,
    });
  }
}

/**
 * What `kubectl kustomize <dir>` renders, for the subset of kustomize the repository uses:
 * `resources` (files and directories with a kustomization, depth first), `configMapGenerator`
 * (create, merge, replace; the name keeps no content hash), `images` and `namespace`. Anything
 * else in a kustomization throws, so a new feature cannot be skipped silently.
 */
export function kustomizeBuild(dir: string): K8sObject[] {
  const file = ['kustomization.yaml', 'kustomization.yml']
    .map((name) => join(dir, name))
    .find((path) => existsSync(path));
  if (!file) throw new Error(`${dir} has no kustomization.yaml`);
  const k = parse(readFileSync(file, 'utf8')) as K8sObject;
  const unknown = Object.keys(k).filter((key) => !KNOWN.has(key));
  if (unknown.length) throw new Error(`${file}: unsupported ${unknown.join(', ')}`);
  const objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const path = resolve(dir, resource);
    if (!existsSync(path)) throw new Error(`${file}: ${resource} does not exist`);
    objects.push(...(statSync(path).isDirectory() ? kustomizeBuild(path) : readDocuments(path)));
  }
  generateConfigMaps(k.configMapGenerator ?? [], objects);
  setImages(objects, k.images ?? []);
  if (k.namespace) for (const o of objects) o.metadata = { ...o.metadata, namespace: k.namespace };
  return objects;
}

/** `Kind/name` of an object, its namespace first when it has one. */
export const idOf = (o: K8sObject) =>
  `${o.metadata?.namespace ? `${o.metadata.namespace}/` : ''}${o.kind}/${o.metadata?.name}`;

/**
 * Validates one object against the JSON schema of its apiVersion and kind, generated from the
 * Kubernetes OpenAPI document (kubernetes-models; the Prometheus operator's CRDs for
 * monitoring.coreos.com). Throws with every violation; throws too for an unknown kind.
 */
export async function validateObject(object: K8sObject): Promise<void> {
  const { apiVersion, kind } = object ?? {};
  if (typeof apiVersion !== 'string' || !/^[A-Z]\w+$/.test(String(kind)))
    throw new Error(`not a Kubernetes object: ${JSON.stringify(object).slice(0, 80)}`);
  const module =
    apiVersion === 'monitoring.coreos.com/v1'
      ? `@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/${kind}`
      : `kubernetes-models/${apiVersion}/${kind}`;
  let Model;
  try {
    ({ [kind]: Model } = await import(module));
  } catch {
    throw new Error(`${idOf(object)}: no schema for ${apiVersion} ${kind}`);
  }
  try {
    new Model(structuredClone(object)).validate();
  } catch (error) {
    throw new Error(`${idOf(object)}: ${(error as Error).message}`);
  }
}
