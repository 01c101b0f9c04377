import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';

type Metafile = {
  inputs: Record<string, unknown>;
  outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
};

/** tools/scripts/bundle.mjs, the bundler `npm start` runs (plain JavaScript, loaded as such). */
interface Bundler {
  OPTIONAL: string[];
  bundleFaults(metafile: Metafile): string[];
  bundleOptions(outdir: string): BuildOptions;
}
let OPTIONAL: Bundler['OPTIONAL'];
let bundleFaults: Bundler['bundleFaults'];
let bundleOptions: Bundler['bundleOptions'];
beforeAll(async () => {
  const bundler = (await import(
    new URL('../../../tools/scripts/bundle.mjs', import.meta.url).href
  )) as Bundler;
  ({ OPTIONAL, bundleFaults, bundleOptions } = bundler);
});

/** A metafile with these bundled inputs and one output importing these paths externally. */
const metafile = (inputs: string[], external: string[]): Metafile => ({
  inputs: Object.fromEntries(inputs.map((input) => [input, {}])),
  outputs: { 'main.mjs': { imports: external.map((path) => ({ path, external: true })) } },
});

describe('bundleFaults', () => {
  const nest = 'node_modules/@nestjs/core/index.js';

  it('should pass a bundle that imports only Node, the packages kept out and optional ones', () => {
    const meta = metafile(
      [nest, 'dist/apps/standalone/src/main.js'],
      [
        'node:fs',
        'fs/promises',
        '@electric-sql/pglite',
        'swagger-ui-dist',
        'kafkajs',
        '@nestjs/websockets/socket-module.js',
      ],
    );
    expect(bundleFaults(meta)).toEqual([]);
  });

  it('should refuse a bundle that imports any other package from node_modules', () => {
    expect(bundleFaults(metafile([nest], ['typeorm']))).toEqual([
      'typeorm is imported from node_modules instead of bundled',
    ]);
  });

  it('should refuse a bundle that bundles a package and also imports it', () => {
    const meta = metafile(['node_modules/ioredis/built/index.js'], ['ioredis']);
    expect(bundleFaults(meta)).toEqual(['ioredis is both bundled and imported from node_modules']);
  });

  it('should refuse a bundle with two copies of a package whose classes must be one', () => {
    const meta = metafile(
      [
        'node_modules/typeorm/index.js',
        'node_modules/@nestjs/typeorm/node_modules/typeorm/index.js',
      ],
      [],
    );
    expect(bundleFaults(meta)).toEqual([
      'typeorm is bundled from 2 folders: node_modules/typeorm, node_modules/@nestjs/typeorm/node_modules/typeorm',
    ]);
  });

  it('should pass two copies of a package without classes of its own (npm nests them)', () => {
    const meta = metafile(
      [
        'node_modules/fast-uri/index.js',
        'node_modules/fast-json-stringify/node_modules/fast-uri/index.js',
      ],
      [],
    );
    expect(bundleFaults(meta)).toEqual([]);
  });
});

describe('the bundler', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nl-bundler-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Bundles an entry of `source` with the bundler's own options. */
  async function bundleOf(source: string) {
    const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(entry, source);
    const { build } = await import('esbuild');
    const options = { ...bundleOptions(join(dir, 'out')), entryPoints: [entry], metafile: true };
    return build(options);
  }

  it('should leave an optional package that is not installed as an import', async () => {
    expect(OPTIONAL).toContain('kafkajs');
    const meta = (await bundleOf("export const load = () => import('kafkajs');"))
      .metafile as Metafile;
    const imports = Object.values(meta.outputs).flatMap((o) => o.imports);
    expect(imports).toContainEqual(expect.objectContaining({ path: 'kafkajs', external: true }));
    expect(bundleFaults(meta)).toEqual([]);
  });

  it('should fail on any other import that does not resolve, leaving nothing to run', async () => {
    await expect(bundleOf("import 'no-such-package-here';")).rejects.toThrow(
      /Could not resolve "no-such-package-here"/,
    );
  });
});
