// Compiles apps/, libs/ and tools/ to dist/ with swc (decorator metadata on, path aliases
// rewritten to relative imports) and copies the data files the code reads at run time.
// The whole tree takes about a second, so `npm start` builds every time.
import { transformFile } from '@swc/core';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'dist');
const tsconfig = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8'));
const swcrc = JSON.parse(await readFile(join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;

const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$/;
// Data the code reads at run time, recorded upstream samples the fakes (bench) serve, and the
// dashboard's browser assets.
const DATA_FILE =
  /\/(data|samples|recorded)\/(?:[^/]+\/)*[^/]+\.(json|txt|csv|conf|xml)$|\/assets\/[^/]+\.(css|js)$/;

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

const started = performance.now();
await rm(out, { recursive: true, force: true });
let compiled = 0;
let copied = 0;
const jobs = [];
for (const top of ['apps', 'libs', 'tools']) {
  for await (const file of walk(join(root, top))) {
    const rel = relative(root, file);
    if (file.endsWith('.ts') && !file.endsWith('.d.ts') && !TEST_FILE.test(file)) {
      jobs.push(
        (async () => {
          const target = join(out, rel.replace(/\.ts$/, '.js'));
          const result = await transformFile(file, {
            ...options,
            filename: file,
            sourceFileName: relative(dirname(target), file),
          });
          await mkdir(dirname(target), { recursive: true });
          await writeFile(
            target,
            `${result.code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`,
          );
          if (result.map) await writeFile(`${target}.map`, result.map);
          compiled++;
        })(),
      );
    } else if (DATA_FILE.test(rel)) {
      jobs.push(
        (async () => {
          await mkdir(dirname(join(out, rel)), { recursive: true });
          await copyFile(file, join(out, rel));
          copied++;
        })(),
      );
    }
  }
}
await Promise.all(jobs);
await writeFile(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
process.stderr.write(
  `built ${compiled} files and copied ${copied} data files to dist/ in ${Math.round(performance.now() - started)} ms\n`,
);
