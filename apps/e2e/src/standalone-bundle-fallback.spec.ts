import { existsSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  appUrl,
  copyOfCheckout,
  exited,
  printedLiveKey,
  ready,
  runScript,
  startCollecting,
} from './support/checkout.js';

// The bundle is a cache of the build: a broken one must never keep `npm start` from serving. In
// a copy of the checkout, bundles are broken the two ways a bundler under strain or a damaged
// disk could: a package imported from node_modules by some modules and bundled for others (two
// copies of TypeORM's DataSource: Nest cannot inject it, the app fails at start), and a chunk cut
// short (the bundle does not load). Each time the launcher must remove the bundle, say why in
// one line, and serve from the app as built.

/** Makes a bundle in which @nestjs/typeorm imports TypeORM from node_modules, stamped current. */
const SPLIT_TYPEORM = `
import { build } from 'esbuild';
import { BUNDLE_DIR, bundleOptions, stampBundle } from './tools/scripts/bundle.mjs';
const options = bundleOptions(BUNDLE_DIR);
options.plugins.unshift({
  name: 'split-typeorm',
  setup(b) {
    b.onResolve({ filter: /^typeorm$/ }, (a) =>
      a.importer.includes('/@nestjs/typeorm/') ? { path: 'typeorm', external: true } : undefined);
  },
});
await build(options);
await stampBundle(BUNDLE_DIR);
`;

const FELL_BACK =
  /The server's bundle \(dist\/bundle\/standalone\) failed to start, so it was removed and the server starts as built/;

describe('npm start with a broken bundle', () => {
  let dir: string;
  let bundle: string;
  beforeAll(() => {
    dir = copyOfCheckout('nl-broken-bundle-');
    bundle = join(dir, 'dist/bundle/standalone');
    runScript(dir, 'tools/scripts/build.mjs');
    writeFileSync(join(dir, 'split-typeorm.mjs'), SPLIT_TYPEORM);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Starts the launcher, checks it served from the app as built, and returns what it printed. */
  async function startsAsBuilt(dataDir: string): Promise<string> {
    const { app, output } = startCollecting(dir, 'start.js', join(dir, dataDir));
    try {
      const url = await appUrl(app);
      await ready(url);
      const live = await printedLiveKey(output);
      const sbi = await fetch(`${url}/v1/cbs/sbi/6210`, { headers: { 'x-api-key': live } });
      expect(sbi.status).toBe(200);
      expect(await sbi.json()).toMatchObject({ found: true, result: { code: '6210' } });
    } finally {
      app.kill('SIGTERM');
      await exited(app);
    }
    return output.join('');
  }

  it('should serve from the app as built when the bundle holds a package twice, and remove it', async () => {
    runScript(dir, 'split-typeorm.mjs');
    expect(existsSync(join(bundle, 'main.mjs'))).toBe(true);
    const output = await startsAsBuilt('.data-split');
    const lines = output.split('\n').filter((line) => FELL_BACK.test(line));
    expect(lines).toHaveLength(1);
    // The line says what failed: Nest could not inject the DataSource of the other copy.
    expect(lines[0]).toMatch(/The failure: .*resolve dependencies.*DataSource/);
    expect(existsSync(bundle)).toBe(false);
    // The next start has no bundle to try: no fallback, no line.
    expect(await startsAsBuilt('.data-after')).not.toMatch(FELL_BACK);
  }, 120_000);

  it('should serve from the app as built when a chunk of the bundle is cut short, and remove it', async () => {
    runScript(dir, 'tools/scripts/bundle.mjs', ['--now']);
    const chunks = readdirSync(bundle)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => join(bundle, name));
    const largest = chunks.sort((a, b) => statSync(b).size - statSync(a).size)[0];
    truncateSync(largest, Math.floor(statSync(largest).size / 2));
    const output = await startsAsBuilt('.data-cut');
    expect(output).toMatch(FELL_BACK);
    expect(existsSync(bundle)).toBe(false);
  }, 120_000);
});
