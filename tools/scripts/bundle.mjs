// Bundles the built standalone app into dist/bundle/standalone/ with esbuild (issue 17's later
// start): dist/apps/standalone/src/main.js and everything it imports, node_modules included, as
// a few dozen ES module chunks instead of ~3,000 files, which Node loads without a lookup, a stat
// and a read per module (a later start to /health/ready ~0.8 s sooner here). `npm start` runs
// this in the background when the bundle is not of the current build (build.mjs --bundle), and
// its launcher (apps/standalone/src/start.ts) uses the bundle only when it is of that build.
//
// Left out of the bundle: PGlite, which finds its WebAssembly and data files next to its own
// module, swagger-ui-dist, which serves the files of its folder, and any package that is not
// installed: the optional integrations Nest and TypeORM try at run time, which then fail as
// they would unbundled. Each of our modules' import.meta.url is rewritten to its file in dist/,
// so what it finds beside itself (data files, the PGlite worker) it finds from the bundle too.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
export const BUNDLE_DIR = join(dist, 'bundle', 'standalone');
/** Written while a bundler runs: the build id it bundles. */
const PENDING = `${BUNDLE_DIR}.pending`;
/** A pending note older than this is of a bundler that died. */
const PENDING_MS = 120_000;
const EXTERNAL = ['@electric-sql/pglite', 'swagger-ui-dist'];

/** Whether build `id` has no bundle yet, and none is being made. */
export async function bundleWanted(id) {
  const made = await readFile(join(BUNDLE_DIR, '.build-id'), 'utf8').catch(() => null);
  if (made === id) return false;
  const pending = await stat(PENDING).catch(() => null);
  if (!pending || Date.now() - pending.mtimeMs > PENDING_MS) return true;
  return (await readFile(PENDING, 'utf8').catch(() => null)) !== id;
}

/** Packages that do not resolve stay imports: optional ones, tried at run time. */
const optionalPackages = {
  name: 'optional-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'probe' || args.path.startsWith('node:')) return undefined;
      const { resolveDir, kind, importer } = args;
      const found = await build.resolve(args.path, {
        resolveDir,
        kind,
        importer,
        pluginData: 'probe',
      });
      return found.errors.length ? { path: args.path, external: true } : undefined;
    });
  },
};

/** import.meta.url of a module of dist/ → that module's own URL, from wherever the chunk is. */
const ownUrls = {
  name: 'own-urls',
  setup(build) {
    build.onLoad({ filter: /\/dist\/.*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'js' };
      const own = `new URL(${JSON.stringify(relative(BUNDLE_DIR, args.path))}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
};

/** Whether process `pid` is alive. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Removes what bundlers that were stopped half-way (a Ctrl-C of `npm start`) left. */
async function removeLeftovers() {
  for (const name of await readdir(dirname(BUNDLE_DIR)).catch(() => [])) {
    const pid = /^standalone\.(\d+)\.tmp$/.exec(name)?.[1];
    if (pid && !alive(Number(pid)))
      await rm(join(dirname(BUNDLE_DIR), name), { recursive: true, force: true });
  }
}

/**
 * How long a bundler spawned by `npm start` waits before it begins: past the start it was spawned
 * by (a first start, with PGlite's initdb beside it, is ready after 5–8 s here), which it would
 * otherwise slow down by some 0.6 s even at the lowest priority. `--now` skips it.
 */
const DELAY_MS = 10_000;

async function bundle() {
  // Beside a starting app and PGlite's initdb, this waits its turn.
  setPriority(19);
  const id = await readFile(join(dist, '.build-id'), 'utf8');
  await mkdir(dirname(PENDING), { recursive: true });
  await writeFile(PENDING, id);
  if (!process.argv.includes('--now'))
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
  await removeLeftovers();
  // A sibling of the bundle's folder: the relative URLs above hold for both.
  const scratch = `${BUNDLE_DIR}.${process.pid}.tmp`;
  try {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(dist, 'apps/standalone/src/main.js')],
      outdir: scratch,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true, // main.js imports the app late (after PGlite's start): its own chunk
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: EXTERNAL,
      plugins: [optionalPackages, ownUrls],
      // CommonJS packages in an ES module bundle still call require (Node's built-ins).
      banner: {
        js: "import { createRequire as __nlRequire } from 'node:module'; const require = __nlRequire(import.meta.url);",
      },
      logLevel: 'error',
    });
    await writeFile(join(scratch, '.build-id'), id);
    await rm(BUNDLE_DIR, { recursive: true, force: true });
    await rename(scratch, BUNDLE_DIR);
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await rm(PENDING, { force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bundle();
