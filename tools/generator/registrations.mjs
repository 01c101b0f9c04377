// Every place outside its own libs that lists the domains, edited as text at a known anchor.
// A missing anchor stops the generator before anything is written.

export class GeneratorError extends Error {}

function insertAfterLast(text, pattern, insert, file) {
  const matches = [...text.matchAll(pattern)];
  const last = matches.at(-1);
  if (!last) throw new GeneratorError(`${file}: no anchor ${pattern} to register the domain at.`);
  const at = last.index + last[0].length;
  return text.slice(0, at) + insert + text.slice(at);
}

function replaceOnce(text, pattern, replace, file) {
  if (!pattern.test(text)) throw new GeneratorError(`${file}: no anchor ${pattern}.`);
  return text.replace(pattern, replace);
}

const listWith = (list, name) =>
  list.includes(`'${name}'`) ? list : `${list.trimEnd().replace(/,$/, '')}, '${name}'`;

/** Copies of the rdw manifests for the new service, its URL optional until it is known. */
function k8sFiles(n, read) {
  const files = {};
  for (const kind of ['deployment', 'service', 'hpa', 'pdb']) {
    const text = read(`k8s/base/rdw-${kind}.yaml`)
      .replaceAll('RDW open data', `the ${n.name} upstream`)
      .replace(/( +)key: RDW_URL\n/, `$1key: ${n.NAME}_URL\n$1optional: true\n`)
      .replaceAll('RDW_APP_TOKEN', `${n.NAME}_API_KEY`)
      .replaceAll('RDW', n.NAME)
      .replaceAll('rdw', n.name);
    files[`k8s/base/${n.name}-${kind}.yaml`] = text;
  }
  return files;
}

function composeBlock(n, compose) {
  const start = compose.indexOf('\n  rdw:\n');
  // The block ends at a blank line or at the next service, whichever comes first.
  const next = /\n {2}[\w-]+:\n/g;
  next.lastIndex = start + 1;
  const following = next.exec(compose)?.index ?? -1;
  const blank = compose.indexOf('\n\n', start + 1);
  const end = following >= 0 && (blank < 0 || following < blank) ? following : blank;
  if (start < 0 || end < 0) throw new GeneratorError('docker/compose.yaml: no rdw block to copy.');
  return compose
    .slice(start, end)
    .replace(/^( +)RDW_URL: .*$/m, `$1# TODO: ${n.NAME}_URL, and ${n.NAME}_API_KEY from a secret`)
    .replaceAll('rdw', n.name);
}

/**
 * The new text of every registration file: tsconfig paths, the DOMAINS list, the catalog (new
 * contracts only), the composition's parts, eslint scopes, compose, kustomize and the manifest
 * test's app list.
 */
export function registrations(n, { read, exists, newContracts }) {
  const out = {};
  const edit = (file, change) => (out[file] = change(out[file] ?? read(file), file));

  edit('tsconfig.base.json', (text) => {
    const json = JSON.parse(text);
    const paths = json.compilerOptions.paths;
    paths[`@nl/contracts-${n.name}`] ??= [`./libs/contracts/${n.name}/src/index.ts`];
    paths[`@nl/domain-${n.name}`] = [`./libs/domains/${n.name}/src/index.ts`];
    json.compilerOptions.paths = Object.fromEntries(
      Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)),
    );
    return `${JSON.stringify(json, null, 2)}\n`;
  });
  edit('libs/contracts/core/src/endpoint.types.ts', (text, file) =>
    replaceOnce(
      text,
      /export const DOMAINS = \[([^\]]*)\] as const;/,
      (_, list) => `export const DOMAINS = [${listWith(list, n.name)}] as const;`,
      file,
    ),
  );
  if (newContracts) {
    edit('libs/contracts/catalog/src/endpoint-catalog.ts', (text, file) => {
      const imported = insertAfterLast(
        text,
        /^import \{ \w+_ENDPOINTS \} from '@nl\/contracts-\w+';$/gm,
        `\nimport { ${n.NAME}_ENDPOINTS } from '@nl/contracts-${n.name}';`,
        file,
      );
      return insertAfterLast(
        imported,
        /^ {2}\.\.\.\w+_ENDPOINTS,$/gm,
        `\n  ...${n.NAME}_ENDPOINTS,`,
        file,
      );
    });
  }
  edit('libs/composition/src/parts.ts', (text, file) => {
    const imported = insertAfterLast(
      text,
      /^import \{ \w+_APP \} from '@nl\/domain-\w+';$/gm,
      `\nimport { ${n.NAME}_APP } from '@nl/domain-${n.name}';`,
      file,
    );
    return insertAfterLast(
      imported,
      /^ {2}\w+: \w+_APP,$/gm,
      `\n  ${n.name}: ${n.NAME}_APP,`,
      file,
    );
  });
  edit('eslint.config.mjs', (text, file) =>
    replaceOnce(
      text,
      /\.\.\.\[('cbs'[^\]]*)\]\.map\(\(d\)/,
      (_, list) => `...[${listWith(list, n.name)}].map((d)`,
      file,
    ),
  );
  edit('docker/compose.yaml', (text, file) => {
    const added = replaceOnce(
      text,
      /\n\n {2}gateway:\n/,
      () => `${composeBlock(n, text)}\n\n  gateway:\n`,
      file,
    );
    // The header names every service, and the gateway starts after each one is healthy (its
    // depends_on is the file's last list of services).
    const named = replaceOnce(
      added,
      / and (\w+) services, each built/,
      (_, last) => `, ${last} and ${n.name} services, each built`,
      file,
    );
    return insertAfterLast(
      named,
      /^ {6}\w+:\n {8}condition: service_healthy$/gm,
      `\n      ${n.name}:\n        condition: service_healthy`,
      file,
    );
  });
  const overlay = 'k8s/overlays/example/kustomization.yaml';
  if (exists(overlay))
    edit(overlay, (text, file) =>
      insertAfterLast(
        text,
        /^ {4}newTag: .*$/gm,
        `\n  - name: nl-data-api/${n.name}\n    newName: registry.example.com/nl-data-api/${n.name}\n    newTag: '0.1.0'`,
        file,
      ),
    );
  Object.assign(out, k8sFiles(n, read));
  edit('k8s/base/kustomization.yaml', (text, file) => {
    const resources = insertAfterLast(
      text,
      /^ {2}- \w+-pdb\.yaml$/gm,
      ['deployment', 'service', 'hpa', 'pdb'].map((k) => `\n  - ${n.name}-${k}.yaml`).join(''),
      file,
    );
    return insertAfterLast(
      resources,
      /^ {2}- name: nl-data-api\/\w+\n {4}newTag: .*$/gm,
      `\n  - name: nl-data-api/${n.name}\n    newTag: '0.1.0'`,
      file,
    );
  });
  const manifests = 'apps/e2e/src/support/deploy-files.ts';
  if (exists(manifests))
    edit(manifests, (text, file) =>
      replaceOnce(
        text,
        /export const APPS = \[([^\]]*)\] as const;/,
        (_, list) => `export const APPS = [${listWith(list, n.name)}] as const;`,
        file,
      ),
    );
  for (const file of Object.keys(out))
    if (file.startsWith('k8s/base/') && file !== 'k8s/base/kustomization.yaml' && exists(file))
      throw new GeneratorError(`${file} exists already.`);
  return out;
}
