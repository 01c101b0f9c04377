// Packs the initdb output of the installed PGlite into
// libs/platform/database/src/data/pglite-<version>.dir.br, which a first `npm start` unpacks
// instead of running initdb (pglite-template.ts). Run it after changing the PGlite version (the
// platform-database int spec fails until then): npm run build && node
// tools/scripts/pack-pglite-template.mjs It runs initdb itself, in a child process and a fresh
// folder, exactly as a start without the archive would, so the archive holds nothing but what that
// initdb wrote.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = (path) => pathToFileURL(join(root, 'dist', path)).href;
const { pglitePackage } = await import(dist('libs/platform/database/src/pglite-template.js'));
const { packDirectory } = await import(dist('libs/platform/database/src/template-archive.js'));

const { entry, version } = pglitePackage();
const work = mkdtempSync(join(tmpdir(), 'nl-pglite-pack-'));
try {
  const dataDir = join(work, 'pgdata');
  execFileSync(process.execPath, [
    '--liftoff-only',
    '-e',
    'const { PGlite } = require(process.argv[1]); PGlite.create({ dataDir: process.argv[2] }).then((db) => db.close());',
    entry,
    dataDir,
  ]);
  const target = join(root, 'libs/platform/database/src/data', `pglite-${version}.dir.br`);
  const packed = packDirectory(dataDir);
  writeFileSync(target, packed);
  // Only the installed version's archive is of any use.
  for (const name of readdirSync(dirname(target)))
    if (/^pglite-.*\.dir\.br$/.test(name) && name !== `pglite-${version}.dir.br`)
      rmSync(join(dirname(target), name));
  process.stdout.write(
    `packed PGlite ${version}'s initdb into ${target} (${packed.length} bytes)\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
