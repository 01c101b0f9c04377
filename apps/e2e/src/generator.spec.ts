import { spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { appUrl, copyOfCheckout, startStandalone } from './support/checkout.js';

// `npm run new-domain` run into a copy of this checkout: the generated domain compiles, lints,
// builds and answers its health check in the standalone app; outside its own folders it edits
// the three registry files and nothing else but what `npm run deploy-files` and `npm run
// env-docs` generate; a second run for the same name, and a name whose routes another domain
// serves, change nothing. (Its case of a domain whose contracts lib existed before it, ndw,
// ended when the ndw service was built: every domain of DOMAINS has its service now.)
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

/** Every file of the copy but the installed and built ones, with a digest of its content. */
function fileDigests(dir: string): Map<string, string> {
  const skip = new Set(['node_modules', 'dist', '.nx', '.data', 'tmp']);
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name)) walk(path);
      } else if (entry.isFile())
        out.set(
          path,
          createHash('sha256')
            .update(readFileSync(join(dir, path)))
            .digest('hex'),
        );
    }
  };
  walk('');
  return out;
}

/** The files whose digest differs, or that one side lacks. */
const changedFiles = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])]
    .filter((path) => before.get(path) !== after.get(path))
    .sort();

/** The demo domain's own files: its folders and its own deployment files. */
const OWN =
  /^(libs\/domains\/demo|libs\/contracts\/demo|apps\/demo)\/|^docker\/services\/demo\.yaml$|^k8s\/base\/demo-\w+\.yaml$/;
/** What `npm run deploy-files` and `npm run env-docs` write (the env table is docs/configuration.md's). */
const GENERATED = new Set([
  'docker/compose.yaml',
  'k8s/base/kustomization.yaml',
  'k8s/overlays/example/kustomization.yaml',
  '.env.example',
  'docs/configuration.md',
]);
/** The registry files the generator edits. */
const REGISTRY = [
  'libs/composition/src/parts.ts',
  'libs/contracts/catalog/src/domain-contracts.ts',
  'libs/contracts/core/src/domains.ts',
];

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

  it('should refuse a name whose routes another domain serves, writing nothing', () => {
    const before = fileDigests(dir);
    // The property domain serves /v1/kadaster/…, the validation domain /v1/validate/….
    expect(generate(dir, 'kadaster')).toMatchObject({
      status: 2,
      stderr: /\/v1\/kadaster\/ is served already \(\/v1\/kadaster\//,
    });
    expect(generate(dir, 'validate')).toMatchObject({
      status: 2,
      stderr: /\/v1\/validate\/ is served already/,
    });
    expect(changedFiles(before, fileDigests(dir))).toEqual([]);
  });

  it('should generate a domain that compiles, lints, builds and answers its health check', async () => {
    const before = fileDigests(dir);
    expect(generate(dir, 'demo')).toMatchObject({ status: 0, stdout: /Created the demo domain/ });
    const generatedOnly = fileDigests(dir);
    const outside = changedFiles(before, generatedOnly).filter((path) => !OWN.test(path));
    expect(outside.filter((path) => !GENERATED.has(path))).toEqual(REGISTRY);
    // The rest is as the npm scripts write it: running them again changes nothing.
    run(dir, process.execPath, ['dist/tools/deploy/write-deploy-files.js']);
    run(dir, process.execPath, ['dist/tools/config/write-env-docs.js']);
    expect(changedFiles(generatedOnly, fileDigests(dir))).toEqual([]);

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
        ...[
          'domain-layout',
          'domain-registry',
          'deploy-compose',
          'deploy-manifests',
          'k8s-manifests',
        ].map((spec) => `apps/e2e/src/${spec}.spec.ts`),
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
