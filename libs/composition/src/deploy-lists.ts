import { SERVICE_NAMES } from './parts.js';

// The parts of the deployment files that list the domain services, generated from the
// composition's list of services (`npm run deploy-files`), so a new domain is added to them by
// regenerating, not by editing: the compose file's services (each from its own file under
// docker/services/), the gateway's start order and the header, the kustomization's resources and
// images, and the example overlay's images. A test fails while a committed file differs.

/** A generated block: the lines between `# <name>:start` and `# <name>:end`, at their indent. */
export function withYamlBlock(text: string, name: string, lines: readonly string[]): string {
  const start = new RegExp(`^( *)# ${name}:start\\b.*$`, 'm').exec(text);
  const end = new RegExp(`^ *# ${name}:end\\b.*$`, 'm').exec(text);
  if (!start || !end || end.index < start.index)
    throw new Error(`no "# ${name}:start" and "# ${name}:end" lines to generate between`);
  const indent = start[1];
  const body = lines.map((line) => (line === '' ? '' : `${indent}${line}`));
  const from = start.index + start[0].length;
  return `${text.slice(0, from)}\n${[...body, ''].join('\n')}${text.slice(end.index)}`;
}

/** The per-service files of the kustomize base, in the order they are applied. */
export const K8S_KINDS = ['deployment', 'service', 'hpa', 'pdb'] as const;

/** Where a domain service's compose block is kept: its own file, unindented. */
export const composeServiceFile = (name: string) => `docker/services/${name}.yaml`;

const sentence = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');

/**
 * docker/compose.yaml with its generated blocks: the header's list of services, every domain
 * service's block (read by `serviceBlock`) and the gateway's wait for each one to be healthy.
 */
export function renderCompose(
  compose: string,
  serviceBlock: (name: string) => string,
  names: readonly string[] = SERVICE_NAMES,
): string {
  const header = withYamlBlock(compose, 'domain-services', [
    `# The domain services: ${sentence(names)}.`,
  ]);
  const blocks = names.flatMap((name, i) => [
    ...(i > 0 ? [''] : []),
    ...serviceBlock(name).trimEnd().split('\n'),
  ]);
  const services = withYamlBlock(header, 'domain-service-blocks', blocks);
  return withYamlBlock(
    services,
    'gateway-waits-for',
    names.flatMap((name) => [`${name}:`, '  condition: service_healthy']),
  );
}

/** k8s/base/kustomization.yaml with every domain service's resources and image. */
export function renderBaseKustomization(
  text: string,
  names: readonly string[] = SERVICE_NAMES,
): string {
  const resources = withYamlBlock(
    text,
    'domain-resources',
    names.flatMap((name) => K8S_KINDS.map((kind) => `- ${name}-${kind}.yaml`)),
  );
  return withYamlBlock(
    resources,
    'domain-images',
    names.flatMap((name) => [`- name: nl-data-api/${name}`, `  newTag: '0.1.0'`]),
  );
}

/** k8s/overlays/example/kustomization.yaml with every domain service's image. */
export function renderOverlayKustomization(
  text: string,
  names: readonly string[] = SERVICE_NAMES,
): string {
  return withYamlBlock(
    text,
    'domain-images',
    names.flatMap((name) => [
      `- name: nl-data-api/${name}`,
      `  newName: registry.example.com/nl-data-api/${name}`,
      `  newTag: '0.1.0'`,
    ]),
  );
}
