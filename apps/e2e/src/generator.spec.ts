import { spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { appUrl, copyOfCheckout, startStandalone } from './support/checkout.js';

// `npm run new-domain` run into a copy of this checkout: the generated domain compiles, lints,
// builds and answers its health check in the standalone app; a second run for the same name
// changes nothing. (Its case of a domain whose contracts lib existed before it, ndw, ended when
// the ndw service was built: every domain of DOMAINS has its service now.)
const ENV = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NODE_OPTIONS: '' };

function generate(dir: string, name: string) {
  return spawnSync(process.execPath, ['tools/generator/new-domain.mjs', name], {
    cwd: dir,
    env: ENV,
    encoding: 'utf8',
  });
}

/** A digest of every file below the given folders: what a run changed, in one string. */
function digestOf(dir: string, folders: readonly string[]): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(readFileSync(full));
    }
  };
  for (const folder of folders) walk(join(dir, folder));
  return hash.digest('hex');
}

function run(dir: string, command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: dir, env: ENV, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function readiness(url: string, app: ChildProcess): Promise<Record<string, unknown>> {
  for (let i = 0; i < 120 && app.exitCode === null; i++) {
    try {
      const res = await fetch(`${url}/health/ready`);
      if (res.ok) return ((await res.json()) as { checks: Record<string, unknown> }).checks;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the standalone app with the generated domains never became ready');
}

describe('npm run new-domain', () => {
  let dir: string;
  beforeAll(() => {
    dir = copyOfCheckout('new-domain-');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should refuse a bad name and a name that is taken, writing nothing', () => {
    const before = digestOf(dir, ['libs', 'apps', 'k8s', 'docker']);
    expect(generate(dir, 'Bad-Name')).toMatchObject({ status: 2, stderr: /no domain name/ });
    expect(generate(dir, 'rdw')).toMatchObject({ status: 2, stderr: /libs\/domains\/rdw exists/ });
    expect(digestOf(dir, ['libs', 'apps', 'k8s', 'docker'])).toBe(before);
  });

  it('should generate a domain that compiles, lints, builds and answers its health check', async () => {
    expect(generate(dir, 'demo')).toMatchObject({ status: 0, stdout: /Created the demo domain/ });

    const unchanged = digestOf(dir, ['libs', 'apps', 'k8s', 'docker']);
    expect(generate(dir, 'demo')).toMatchObject({ status: 2, stderr: /exists already/ });
    expect(digestOf(dir, ['libs', 'apps', 'k8s', 'docker'])).toBe(unchanged);

    expect(generate(dir, 'ndw')).toMatchObject({ status: 2, stderr: /libs\/domains\/ndw exists/ });

    run(dir, process.execPath, [
      'node_modules/typescript/bin/tsc',
      '-p',
      'tsconfig.json',
      '--noEmit',
    ]);
    run(dir, 'npx', ['nx', 'show', 'projects']);
    const generated = ['libs/domains/demo', 'apps/demo'];
    run(dir, 'npx', ['eslint', ...generated, 'libs/contracts/demo', '--max-warnings=0']);
    run(dir, 'npx', ['prettier', '--check', ...generated, 'libs/contracts/demo', 'k8s', 'docker']);
    const layout = spawnSync(
      'npx',
      // The layout, and the deployment files with the new service in them.
      [
        'jest',
        '-c',
        'apps/e2e/jest.config.cjs',
        '--verbose',
        ...['domain-layout', 'deploy-compose', 'deploy-manifests', 'k8s-manifests'].map(
          (spec) => `apps/e2e/src/${spec}.spec.ts`,
        ),
      ],
      {
        cwd: dir,
        env: {
          ...ENV,
          NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning',
        },
        encoding: 'utf8',
      },
    );
    expect({ status: layout.status, out: layout.stderr }).toMatchObject({
      status: 0,
      out: expect.stringContaining('the demo domain'),
    });
    run(dir, process.execPath, ['tools/scripts/build.mjs']);
    expect(readFileSync(join(dir, '.env.example'), 'utf8')).toContain('DEMO_URL');

    const app = startStandalone(dir, 'main.js', join(dir, '.data'));
    app.stderr?.resume();
    try {
      const checks = await readiness(await appUrl(app), app);
      expect(checks).toMatchObject({
        'upstream:demo': { status: 'up', configured: false },
      });
    } finally {
      app.kill('SIGTERM');
    }
  }, 300_000);
});
