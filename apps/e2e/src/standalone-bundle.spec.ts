import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  appUrl,
  copyOfCheckout,
  exited,
  printedLiveKey,
  ready,
  runScript as run,
  startCollecting,
} from './support/checkout.js';

// `npm start` runs the standalone app from its esbuild bundle (tools/scripts/bundle.mjs) once one
// of the current build exists (a later start ~0.8 s sooner). In a copy of the checkout: build,
// bundle, then take the unbundled app away, so only the bundle can answer, and use it as a user
// would.
const startApp = (dir: string, dataDir: string) => startCollecting(dir, 'start.js', dataDir);

describe('the standalone bundle (npm start)', () => {
  let dir: string;
  beforeAll(() => {
    dir = copyOfCheckout('nl-bundle-');
    run(dir, 'tools/scripts/build.mjs');
    run(dir, 'tools/scripts/bundle.mjs', ['--now']);
    // A build that changes nothing keeps the build's id, so the bundle stays the one to run (a
    // build that rewrote a file each time made every bundle stale at once).
    run(dir, 'tools/scripts/build.mjs');
    // Only the bundle can start the app now.
    const app = join(dir, 'dist/apps/standalone/src/standalone.js');
    renameSync(app, `${app}.away`);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should serve the whole API from the bundle: demo keys, a paid call, data files, docs and the dashboard', async () => {
    const { app, output } = startApp(dir, join(dir, '.data'));
    try {
      const url = await appUrl(app);
      await ready(url);
      const live = await printedLiveKey(output);
      expect(live).toMatch(/^nlk_live_/);
      const sbi = await fetch(`${url}/v1/cbs/sbi/6210`, { headers: { 'x-api-key': live } });
      expect(sbi.status).toBe(200);
      expect(sbi.headers.get('x-credits-charged')).toBe('0.10');
      expect(await sbi.json()).toMatchObject({ found: true, result: { code: '6210' } });
      // The disposable-domain list, a data file the validation service reads beside its module.
      const disposable = await fetch(`${url}/v1/validate/email/disposable`, {
        method: 'POST',
        headers: { 'x-api-key': live, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@mailinator.com' }),
      });
      expect(await disposable.json()).toMatchObject({ disposable: true });
      const pages = [
        '/docs',
        '/openapi.json',
        '/dashboard/sign-in',
        '/dashboard/assets/dashboard.css',
      ];
      for (const path of pages)
        expect([path, (await fetch(`${url}${path}`)).status]).toEqual([path, 200]);
    } finally {
      app.kill('SIGTERM');
      await exited(app);
    }
  }, 120_000);

  // The launcher then takes the unbundled app, which is gone here: it fails instead of running
  // code that is not what dist/ and node_modules hold.
  it.each([
    ['of another build', 'dist/.build-id', 'another build'],
    [
      'made before npm last changed the installed packages',
      'dist/bundle/standalone/.modules-stamp',
      'before an npm install',
    ],
  ])(
    'should not run a bundle %s',
    async (_case, file, changed) => {
      const path = join(dir, file);
      const was = readFileSync(path, 'utf8');
      writeFileSync(path, changed);
      try {
        const { app, output } = startApp(dir, join(dir, `.data-${file.length}`));
        expect(await exited(app)).not.toBe(0);
        expect(output.join('')).toContain('standalone.js');
      } finally {
        writeFileSync(path, was);
      }
    },
    60_000,
  );
});
