// Bundles the built standalone app into dist/bundle/standalone/ with esbuild, for a short later
// start: dist/apps/standalone/src/main.js and everything it imports, node_modules included, as a
// few dozen ES module chunks instead of ~3,000 files, which Node loads without a lookup, a stat and
// a read per module (a later start to /health/ready ~0.8 s sooner here). `npm start` runs this in
// the background when the bundle is not of the current build (build.mjs --bundle), and its launcher
// (apps/standalone/src/start.ts) uses the bundle only when it is of that build.
//
// Left out of the bundle: PGlite, which finds its WebAssembly and data files next to its own
// module, swagger-ui-dist, which serves the files of its folder, and the optional integrations
// Nest and ws try at run time when they are not installed (OPTIONAL), which then fail as they
// would unbundled. Any other import that does not resolve fails the bundle: a package loaded from
// node_modules beside a bundled copy of itself (or of what it imports) would hold a second copy of
// its classes, which Nest's injection then tells apart, and the app would not start. The output
// is checked for that too before it replaces the bundle in use. Each of our modules'
// import.meta.url is rewritten to its file in dist/, so what it finds beside itself (data files,
// the PGlite worker) it finds from the bundle too.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
export const BUNDLE_DIR = join(dist, 'bundle', 'standalone');
/** Why the last bundler made no bundle, for whoever wonders why a start is not bundled. */
const FAILURE = `${BUNDLE_DIR}.failed.txt`;
/** Written while a bundler runs: the build id it bundles. */
const PENDING = `${BUNDLE_DIR}.pending`;
/** A pending note older than this is of a bundler that died. */
const PENDING_MS = 120_000;
const EXTERNAL = ['@electric-sql/pglite', 'swagger-ui-dist'];
/**
 * Packages that Nest, its Fastify adapter and ws import only to offer an integration we do not
 * use, and that are not installed: left as imports, which would fail at run time as unbundled.
 */
export const OPTIONAL = [
  '@fastify/multipart',
  '@fastify/view',
  '@nestjs/platform-express',
  '@nestjs/websockets',
  'amqp-connection-manager',
  'bufferutil',
  'ioredis',
  'kafkajs',
  'mqtt',
  'utf-8-validate',
];
/** Packages whose classes or registries must exist once in a process: one folder each. */
const SINGLE =
  /^(@nestjs\/[^/]+|typeorm|class-validator|class-transformer|reflect-metadata|rxjs|pg|prom-client)$/;

/** What tells a bundle of the current build and packages (the launcher's module, in dist/). */
const identity = () =>
  import(pathToFileURL(join(dist, 'apps/standalone/src/bundle-identity.js')).href);

/** Whether build `id` has no bundle yet (of the installed packages too), and none is being made. */
export async function bundleWanted(id) {
  const { bundleIsCurrent } = await identity();
  if (bundleIsCurrent(pathToFileURL(`${dist}/`), pathToFileURL(`${BUNDLE_DIR}/`))) return false;
  const pending = await stat(PENDING).catch(() => null);
  if (!pending || Date.now() - pending.mtimeMs > PENDING_MS) return true;
  return (await readFile(PENDING, 'utf8').catch(() => null)) !== id;
}

/** A bare import's package: `@scope/name` or `name`. */
export const packageOf = (path) => path.split('/', path.startsWith('@') ? 2 : 1).join('/');

/**
 * Optional packages that are not installed stay imports; any other import that does not resolve
 * fails the build (esbuild reports it as usual).
 */
const optionalPackages = {
  name: 'optional-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'probe' || !OPTIONAL.includes(packageOf(args.path))) return undefined;
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

/**
 * What is wrong with a bundle, from esbuild's metafile: an import left to node_modules that is
 * neither Node's, nor a package kept out on purpose, nor an optional one; a package both bundled
 * and imported; a package that must be one copy bundled from two folders. Empty: nothing.
 */
export function bundleFaults(metafile) {
  const folders = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/)((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (!match) continue;
    const [, parent, name] = match;
    folders.set(name, (folders.get(name) ?? new Set()).add(parent + name));
  }
  const faults = [];
  for (const [name, found] of folders)
    if (SINGLE.test(name) && found.size > 1)
      faults.push(`${name} is bundled from ${found.size} folders: ${[...found].join(', ')}`);
  const imported = new Set();
  for (const output of Object.values(metafile.outputs))
    for (const { path, external } of output.imports)
      if (external && !path.startsWith('node:') && !builtinModules.includes(path.split('/')[0]))
        imported.add(packageOf(path));
  for (const name of imported) {
    if (!EXTERNAL.includes(name) && !OPTIONAL.includes(name))
      faults.push(`${name} is imported from node_modules instead of bundled`);
    if (folders.has(name)) faults.push(`${name} is both bundled and imported from node_modules`);
  }
  return faults;
}

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

/** The esbuild options of a bundle written to `outdir`. */
export function bundleOptions(outdir) {
  return {
    entryPoints: [join(dist, 'apps/standalone/src/main.js')],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true, // main.js imports the app late (after PGlite's start): its own chunk
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: [...EXTERNAL],
    plugins: [optionalPackages, ownUrls],
    // CommonJS packages in an ES module bundle still call require (Node's built-ins).
    banner: {
      js: "import { createRequire as __nlRequire } from 'node:module'; const require = __nlRequire(import.meta.url);",
    },
    logLevel: 'silent',
  };
}

/** Marks the bundle in `dir` as made from the current build and installed packages. */
export async function stampBundle(dir) {
  const { BUILD_ID_FILE, MODULES_STAMP_FILE, modulesStamp } = await identity();
  await writeFile(join(dir, BUILD_ID_FILE), await readFile(join(dist, BUILD_ID_FILE), 'utf8'));
  await writeFile(join(dir, MODULES_STAMP_FILE), modulesStamp(pathToFileURL(`${dist}/`)));
}

async function bundle() {
  // Beside a starting app and PGlite's initdb, this waits its turn.
  setPriority(19);
  const id = await readFile(join(dist, '.build-id'), 'utf8');
  await mkdir(dirname(PENDING), { recursive: true });
  await writeFile(PENDING, id);
  await rm(FAILURE, { force: true });
  if (!process.argv.includes('--now'))
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
  await removeLeftovers();
  // A sibling of the bundle's folder: the relative URLs above hold for both.
  const scratch = `${BUNDLE_DIR}.${process.pid}.tmp`;
  try {
    const { build } = await import('esbuild');
    const { metafile } = await build({ ...bundleOptions(scratch), metafile: true });
    const faults = bundleFaults(metafile);
    if (faults.length) throw new Error(`the bundle is not sound:\n${faults.join('\n')}`);
    await stampBundle(scratch);
    await rm(BUNDLE_DIR, { recursive: true, force: true });
    await rename(scratch, BUNDLE_DIR);
  } catch (error) {
    // No bundle then, and npm start runs the app as built; the reason is kept for whoever looks.
    await writeFile(FAILURE, `${new Date().toISOString()} ${error.stack ?? error}\n`);
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await rm(PENDING, { force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bundle();
