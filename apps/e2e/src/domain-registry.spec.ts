import {
  DOMAIN_PARTS,
  K8S_KINDS,
  SERVICE_NAMES,
  composeServiceFile,
  renderBaseKustomization,
  renderCompose,
  renderOverlayKustomization,
} from '@nl/composition';
import { DOMAIN_CONTRACTS, ENDPOINT_CATALOG, domainEndpoints } from '@nl/contracts-catalog';
import { DOMAINS } from '@nl/contracts-core';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, readRepoFile as read } from './support/deploy-files.js';

// DOMAINS (contracts-core) is the one list of domains: the folders, the catalog's contracts and
// the composition's parts are the same names, and the deployment files' service lists are what
// `npm run deploy-files` generates from them.
const sorted = (names: Iterable<string>) => [...names].sort();
const folders = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

describe('the domain registry', () => {
  it('should have one folder per domain under libs/domains, libs/contracts and apps', () => {
    expect(sorted(folders('libs/domains'))).toEqual(sorted(DOMAINS));
    const shared = new Set(['core', 'catalog']);
    expect(sorted(folders('libs/contracts').filter((d) => !shared.has(d)))).toEqual(
      sorted(DOMAINS),
    );
    for (const domain of DOMAINS)
      expect({ domain, main: existsSync(join(ROOT, 'apps', domain, 'src/main.ts')) }).toEqual({
        domain,
        main: true,
      });
  });

  it('should key the catalog’s contracts and the composition’s parts by the same names', () => {
    expect(sorted(Object.keys(DOMAIN_CONTRACTS))).toEqual(sorted(DOMAINS));
    expect(sorted(Object.keys(DOMAIN_PARTS))).toEqual(sorted(DOMAINS));
    expect(sorted(SERVICE_NAMES)).toEqual(sorted(DOMAINS));
  });

  it('should join every domain’s rows into the catalog, in the order of DOMAINS', () => {
    expect(ENDPOINT_CATALOG).toEqual(DOMAINS.flatMap((d) => [...domainEndpoints(d)]));
    for (const domain of DOMAINS) {
      expect(domainEndpoints(domain).length).toBeGreaterThan(0);
      expect(domainEndpoints(domain).every((e) => e.domain === domain)).toBe(true);
    }
  });

  it('should give every domain service its compose block and its kustomize files', () => {
    for (const name of SERVICE_NAMES) {
      const files = [
        composeServiceFile(name),
        ...K8S_KINDS.map((k) => `k8s/base/${name}-${k}.yaml`),
      ];
      expect({ name, missing: files.filter((f) => !existsSync(join(ROOT, f))) }).toEqual({
        name,
        missing: [],
      });
    }
    expect(sorted(readdirSync(join(ROOT, 'docker/services')))).toEqual(
      sorted(SERVICE_NAMES.map((n) => `${n}.yaml`)),
    );
    const k8sApps = readdirSync(join(ROOT, 'k8s/base'))
      .map((f) => /^([\w-]+)-deployment\.yaml$/.exec(f)?.[1])
      .filter((name) => name !== undefined);
    expect(sorted(k8sApps)).toEqual(sorted(['gateway', ...SERVICE_NAMES]));
  });

  it.each([
    [
      'docker/compose.yaml',
      (text: string) => renderCompose(text, (n) => read(composeServiceFile(n))),
    ],
    ['k8s/base/kustomization.yaml', renderBaseKustomization],
    ['k8s/overlays/example/kustomization.yaml', renderOverlayKustomization],
  ])('should keep %s as `npm run deploy-files` writes it', (file, render) => {
    const committed = read(file);
    expect(committed === render(committed)).toBe(true);
  });
});
