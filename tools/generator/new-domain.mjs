// `npm run new-domain -- <name>`: a new domain in the one template layout, in its own folders,
// registered in the three files that list the domains (registrations.mjs); the deployment files
// and the env docs are then regenerated from them (docs/adding-a-domain.md). Nothing is written
// unless every file can be: existing files are never overwritten, an existing contracts lib is
// left as it is, and a name whose routes another domain already serves is refused.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GeneratorError, registrations } from './registrations.mjs';
import { contractsFiles } from './templates/contracts.mjs';
import { deployFiles } from './templates/deploy.mjs';
import { domainFiles } from './templates/domain.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESERVED = new Set(['core', 'catalog', 'gateway', 'standalone', 'e2e', 'faults', 'testing']);
/** Words JavaScript keeps for itself: the name is also an identifier in the registry files. */
const KEYWORDS = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export ' +
    'extends false finally for function if implements import in instanceof interface let new ' +
    'null package private protected public return static super switch this throw true try ' +
    'typeof var void while with yield'
  ).split(' '),
);

const read = (path) => readFileSync(join(ROOT, path), 'utf8');

function spellings(name) {
  if (!/^[a-z][a-z0-9]{1,20}$/.test(name))
    throw new GeneratorError(
      `"${name ?? ''}" is no domain name: 2 to 21 lower-case letters and digits, a letter first.`,
    );
  if (RESERVED.has(name) || KEYWORDS.has(name)) throw new GeneratorError(`"${name}" is reserved.`);
  return { name, Name: name[0].toUpperCase() + name.slice(1), NAME: name.toUpperCase() };
}

/** What an existing contracts lib offers the capability: its first subject and catalog row. */
function existingContracts(n) {
  const src = `libs/contracts/${n.name}/src`;
  const subjectsPath = `${src}/${n.name}.subjects.ts`;
  if (!existsSync(join(ROOT, subjectsPath)))
    throw new GeneratorError(`${subjectsPath} is missing: write its subjects and queue first.`);
  const subjects = read(subjectsPath);
  const subject = new RegExp(`${n.NAME}_SUBJECTS = \\{\\s*(\\w+):`).exec(subjects)?.[1];
  if (!subject || !subjects.includes(`${n.NAME}_QUEUE`))
    throw new GeneratorError(`${subjectsPath} needs ${n.NAME}_SUBJECTS and ${n.NAME}_QUEUE.`);
  const endpoint = /export const (\w+_ENDPOINT) = /.exec(
    read(`${src}/${n.name}.endpoints.ts`),
  )?.[1];
  if (!endpoint) throw new GeneratorError(`libs/contracts/${n.name} has no *_ENDPOINT row.`);
  return { query: null, subject, endpoint };
}

/** Refuses a name whose routes (`/v1/<name>/…`) a catalog row of another domain serves. */
async function refuseTakenPrefix(n) {
  run(process.execPath, ['tools/scripts/build.mjs']);
  const catalog = pathToFileURL(join(ROOT, 'dist/libs/contracts/catalog/src/index.js'));
  const { ENDPOINT_CATALOG } = await import(catalog.href);
  const prefix = `/v1/${n.name}`;
  const taken = ENDPOINT_CATALOG.flatMap((e) =>
    e.domain === n.name ? [] : e.paths.filter((p) => p === prefix || p.startsWith(`${prefix}/`)),
  );
  if (taken.length > 0)
    throw new GeneratorError(
      `${prefix}/ is served already (${taken[0]}): choose a name whose routes are free.`,
    );
}

async function plan(name) {
  const n = spellings(name);
  for (const taken of [`libs/domains/${n.name}`, `apps/${n.name}`])
    if (existsSync(join(ROOT, taken))) throw new GeneratorError(`${taken} exists already.`);
  await refuseTakenPrefix(n);
  const newContracts = !existsSync(join(ROOT, `libs/contracts/${n.name}`));
  const c = newContracts
    ? { query: `${n.Name}LookupQuery`, subject: 'lookup', endpoint: `${n.NAME}_LOOKUP_ENDPOINT` }
    : existingContracts(n);
  const created = {
    ...(newContracts && contractsFiles(n)),
    ...domainFiles(n, c),
    ...deployFiles(n, read),
  };
  const clashes = Object.keys(created).filter((path) => existsSync(join(ROOT, path)));
  if (clashes.length > 0)
    throw new GeneratorError(`these files exist already:\n  ${clashes.join('\n  ')}`);
  const edited = registrations(n, read);
  return { n, created, edited, newContracts };
}

function write(files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), text);
  }
}

function run(command, args) {
  execFileSync(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function main(argv) {
  const { n, created, edited, newContracts } = await plan(argv[0]);
  write(created);
  write(edited);
  const touched = [...Object.keys(created), ...Object.keys(edited)];
  run(join(ROOT, 'node_modules/.bin/prettier'), ['--write', '--log-level=warn', ...touched]);
  run(process.execPath, ['tools/scripts/build.mjs']);
  // The generated files: the deployment files' service lists and the env docs.
  run(process.execPath, ['dist/tools/deploy/write-deploy-files.js']);
  run(process.execPath, ['dist/tools/config/write-env-docs.js']);
  const lib = `libs/domains/${n.name}/src`;
  process.stdout.write(
    [
      `Created the ${n.name} domain: ${Object.keys(created).length} new files, ${Object.keys(edited).length} edited (${Object.keys(edited).join(', ')}); the deployment files (npm run deploy-files) and the env docs (npm run env-docs) regenerated.`,
      '',
      'Fill in, in this order (every TODO in these files):',
      newContracts
        ? `  libs/contracts/${n.name}/src/${n.name}.endpoints.ts   the catalog rows (price, TTL, limits, texts)`
        : `  libs/contracts/${n.name}/src/                the request/response DTOs the rows lack`,
      newContracts
        ? `  libs/contracts/${n.name}/src/${n.name}.{requests,responses}.ts   the DTOs`
        : null,
      `  ${lib}/upstream/${n.name}/${n.name}.types.ts   the upstream's raw fields`,
      `  ${lib}/upstream/${n.name}/${n.name}.mapper.ts  (+ .mapper.spec.ts on recorded rows)`,
      `  ${lib}/upstream/${n.name}/${n.name}.client.ts  the upstream's paths, limits, errors`,
      `  ${lib}/lookup/lookup.service.ts   (rename the capability to what it is)`,
      `  ${lib}/${n.name}.config.ts        its variables, defaults and descriptions`,
      `  ${lib}/upstream/${n.name}/recorded/     real recordings with PROVENANCE.md: the sandbox`,
      `  ${lib}/upstream/${n.name}/${n.name}.recording.ts  answers test keys from them, tests serve them`,
      `                                      (FakeUpstream.serving); its failure triggers`,
      `  docker/services/${n.name}.yaml, k8s/base/${n.name}-*.yaml   its URL and key`,
      '',
      'Then: npm run env-docs, npm run deploy-files, npm run openapi, npm run routes, npm run llms, npm test.',
    ]
      .filter((line) => line !== null)
      .join('\n') + '\n',
  );
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof GeneratorError)) throw error;
  process.stderr.write(`new-domain: ${error.message}\n`);
  process.exit(2);
}
