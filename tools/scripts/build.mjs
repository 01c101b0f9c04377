// Compiles apps/, libs/ and tools/ to dist/ with swc (decorator metadata on, path aliases
// rewritten to relative imports) and copies the data files the code reads at run time.
// `npm start` builds every time, so the build is incremental: a file is compiled or copied again
// only when its source is newer than its output, outputs whose source is gone are removed, and a
// change of the compiler settings (tsconfig paths, .swcrc, swc, this script) rebuilds it all.
// A full build takes about a second, a build with nothing to do a tenth of that.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'dist');
const STAMP = join(out, '.build-stamp');
const settings = await Promise.all(
  ['tsconfig.base.json', '.swcrc', 'tools/scripts/build.mjs'].map((f) =>
    readFile(join(root, f), 'utf8'),
  ),
);
const tsconfig = JSON.parse(settings[0]);
const swcrc = JSON.parse(settings[1]);
delete swcrc.$schema;
const swcVersion = createRequire(import.meta.url)('@swc/core/package.json').version;
const stamp = createHash('sha256').update(settings.join('\0')).update(swcVersion).digest('hex');

const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$/;
// Data the code reads at run time, recorded upstream samples the fakes (bench) serve, the
// dashboard's browser assets, and workers written in plain JavaScript (Node starts them itself).
const DATA_FILE =
  /\/(data|samples|recorded)\/(?:[^/]+\/)*[^/]+\.(json|txt|csv|conf|xml|br)$|\/assets\/[^/]+\.(css|js|svg|ico)$|\.worker\.mjs$/;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* walk(path);
    } else yield path;
  }
}

const options = {
  ...swcrc,
  jsc: { ...swcrc.jsc, baseUrl: root, paths: tsconfig.compilerOptions.paths },
  module: { ...swcrc.module, resolveFully: true },
  sourceMaps: true,
};

/** Whether `target` exists and is at least as new as `source`. */
async function upToDate(source, target) {
  const [s, t] = await Promise.all([stat(source), stat(target).catch(() => null)]);
  return t !== null && t.mtimeMs >= s.mtimeMs;
}

/** Copies a data file unless its copy is up to date; whether it did. */
async function copyData(file, target) {
  if (await upToDate(file, target)) return false;
  await mkdir(dirname(target), { recursive: true });
  await copyFile(file, target);
  return true;
}

// Loaded only when a file needs compiling: its native binding costs ~0.1 s.
let swc;
async function compile(file, target) {
  swc ??= await import('@swc/core');
  const result = await swc.transformFile(file, {
    ...options,
    filename: file,
    sourceFileName: relative(dirname(target), file),
  });
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `${result.code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
  if (result.map) await writeFile(`${target}.map`, result.map);
}

const started = performance.now();
// Gone until the build completes: an interrupted build is done in full next time.
const previous = await readFile(STAMP, 'utf8').catch(() => null);
await rm(previous === stamp ? STAMP : out, { recursive: true, force: true });
const BUILD_ID = join(out, '.build-id');
const BUNDLES = join(out, 'bundle');
const expected = new Set([join(out, 'package.json'), STAMP, BUILD_ID]);
let compiled = 0;

// The first start on a machine waits for the embedded database's template (PGlite's initdb, a
// few seconds, once per PGlite version). Begun here, in a process of its own that outlives the
// build, it is under way while the rest compiles; the app waits for it under its lock.
const TEMPLATE_MODULES = [
  'libs/platform/database/src/data-dir-lock.ts',
  'libs/platform/database/src/pglite-template.ts',
  'libs/platform/database/src/template-archive.ts',
  'libs/platform/config/src/cache-dir.ts',
];
for (const path of TEMPLATE_MODULES) {
  const file = join(root, path);
  const target = join(out, relative(root, file).replace(/\.ts$/, '.js'));
  if (!(await upToDate(file, target))) {
    await compile(file, target);
    compiled++;
  }
}
// ...and the initdb output the repository ships (pglite-template.ts unpacks it), copied now.
const TEMPLATE_DATA = 'libs/platform/database/src/data';
for (const name of await readdir(join(root, TEMPLATE_DATA)).catch(() => [])) {
  const rel = join(TEMPLATE_DATA, name);
  if (DATA_FILE.test(rel)) await copyData(join(root, rel), join(out, rel));
}
const templateModule = join(out, 'libs/platform/database/src/pglite-template.js');
if (!(await import(pathToFileURL(templateModule).href)).pgliteTemplateExists()) {
  const make = `import(${JSON.stringify(pathToFileURL(templateModule).href)}).then((m) => m.pgliteTemplate())`;
  spawn(process.execPath, ['--input-type=module', '-e', make], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}
let copied = 0;
const jobs = [];
for (const top of ['apps', 'libs', 'tools']) {
  for await (const file of walk(join(root, top))) {
    const rel = relative(root, file);
    if (file.endsWith('.ts') && !file.endsWith('.d.ts') && !TEST_FILE.test(file)) {
      const target = join(out, rel.replace(/\.ts$/, '.js'));
      expected.add(target).add(`${target}.map`);
      jobs.push(
        (async () => {
          if (await upToDate(file, target)) return;
          await compile(file, target);
          compiled++;
        })(),
      );
    } else if (DATA_FILE.test(rel)) {
      const target = join(out, rel);
      expected.add(target);
      jobs.push(
        (async () => {
          if (await copyData(file, target)) copied++;
        })(),
      );
    }
  }
}
await Promise.all(jobs);
await mkdir(out, { recursive: true });
let removed = 0;
for await (const file of walk(out))
  if (!expected.has(file) && !file.startsWith(BUNDLES + sep)) {
    await rm(file, { force: true });
    removed++;
  }
await writeFile(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
// A new id whenever dist/ changed: a bundle (bundle.mjs) is used only if made from this build.
const previousId = await readFile(BUILD_ID, 'utf8').catch(() => null);
const buildId = compiled || copied || removed || !previousId ? randomUUID() : previousId;
if (buildId !== previousId) await writeFile(BUILD_ID, buildId);
await writeFile(STAMP, stamp);
// `npm start` (--bundle): when the standalone bundle is not of this build, it is made again in
// the background, at the lowest priority, for the next start (this one runs unbundled). Not
// detached: a process in a session of its own is scheduled as its own group under Linux's
// autogroups, where its priority counts for nothing against the app's (a first start took
// ~2.5 s longer with a detached bundler beside it, 9.3 s against 6.9 s).
if (process.argv.includes('--bundle')) {
  const { bundleWanted } = await import('./bundle.mjs');
  if (await bundleWanted(buildId))
    spawn(process.execPath, [join(root, 'tools/scripts/bundle.mjs')], { stdio: 'ignore' }).unref();
}
process.stderr.write(
  `built ${compiled} files and copied ${copied} data files to dist/ (${removed} removed, the rest up to date) in ${Math.round(performance.now() - started)} ms\n`,
);
