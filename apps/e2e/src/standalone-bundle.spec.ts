import { spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appUrl, copyOfCheckout, startStandalone } from './support/checkout.js';

// `npm start` runs the standalone app from its esbuild bundle (tools/scripts/bundle.mjs) once one
// of the current build exists (issue 17's later start). In a copy of the checkout: build, bundle,
// then take the unbundled app away, so only the bundle can answer, and use it as a user would.
const ENV = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NODE_OPTIONS: '' };

function run(dir: string, script: string, args: string[] = []): void {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: dir,
    env: ENV,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout}\n${result.stderr}`);
}

function startApp(dir: string, dataDir: string): { app: ChildProcess; output: string[] } {
  const app = startStandalone(dir, 'start.js', dataDir);
  const output: string[] = [];
  app.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  app.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  return { app, output };
}

async function ready(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const res = await fetch(`${url}/health/ready`).catch(() => null);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the bundled app never became ready');
}

const exited = (app: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    app.exitCode !== null ? resolve(app.exitCode) : app.once('exit', resolve),
  );

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
      // The banner with the demo keys follows the app's readiness by a moment.
      const key = () => /nlk_live_\w+/.exec(output.join(''))?.[0] ?? '';
      for (let i = 0; i < 100 && !key(); i++) await new Promise((r) => setTimeout(r, 100));
      const live = key();
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

  it('should not run a bundle of another build', async () => {
    const buildId = join(dir, 'dist/.build-id');
    const id = readFileSync(buildId, 'utf8');
    writeFileSync(buildId, 'another build');
    try {
      // The launcher takes the unbundled app, which is gone here: it fails instead of running
      // code that is not what dist/ holds.
      const { app, output } = startApp(dir, join(dir, '.data-2'));
      expect(await exited(app)).not.toBe(0);
      expect(output.join('')).toContain('standalone.js');
    } finally {
      writeFileSync(buildId, id);
    }
  }, 60_000);
});
