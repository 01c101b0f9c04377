// The three files outside a new domain's own folders that the generator edits, as text at a
// known anchor: the one list of domains (DOMAINS), the catalog's contracts by domain (a new
// contracts lib only) and the composition's app parts. Everything else that names the domains
// is derived from these (tsconfig wildcards, lint scopes from the folders) or generated from them
// afterwards (`npm run deploy-files`, `npm run env-docs`). A missing anchor stops the generator
// before anything is written.

export class GeneratorError extends Error {}

/** The files the generator edits (the rest it creates, or regenerates with the npm scripts). */
export const REGISTRY_FILES = {
  domains: 'libs/contracts/core/src/domains.ts',
  contracts: 'libs/contracts/catalog/src/domain-contracts.ts',
  parts: 'libs/composition/src/parts.ts',
};

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

/** The new text of each registry file: DOMAINS, the catalog's contracts, the app parts. */
export function registrations(n, read) {
  const out = {};
  const edit = (file, change) => (out[file] = change(read(file), file));

  edit(REGISTRY_FILES.domains, (text, file) =>
    replaceOnce(
      text,
      /export const DOMAINS = \[([^\]]*)\] as const;/,
      (_, list) => `export const DOMAINS = [${listWith(list, n.name)}] as const;`,
      file,
    ),
  );
  edit(REGISTRY_FILES.contracts, (text, file) => {
    if (text.includes(`from '@nl/contracts-${n.name}';`)) return text;
    const imported = insertAfterLast(
      text,
      /^import \* as \w+ from '@nl\/contracts-\w+';$/gm,
      `\nimport * as ${n.name} from '@nl/contracts-${n.name}';`,
      file,
    );
    return insertAfterLast(imported, /^ {2}\w+,$/gm, `\n  ${n.name},`, file);
  });
  edit(REGISTRY_FILES.parts, (text, file) => {
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
  for (const [file, text] of Object.entries(out)) if (text === read(file)) delete out[file];
  return out;
}
