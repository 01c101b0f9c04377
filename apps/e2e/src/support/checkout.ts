import { envVarGroups } from '@nl/composition';
import { listeningUrl, localUpstreamEnv } from '@nl/testing';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A copy of this checkout to build and start apps in, so nothing a spec builds there races the
// builds of other suites in the checkout itself (the fault suite builds dist/ there).

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The checkout's files as git sees them (tracked and new, not ignored), in a temp folder. */
export function copyOfCheckout(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files.filter((f) => existsSync(join(ROOT, f)))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** The app's base URL, from its listening log line (it binds a port of its own choosing). */
export function appUrl(app: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let partial = '';
    const seen: string[] = [];
    app.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const url = listeningUrl(line);
        if (url) resolve(url);
        seen.push(line);
      }
    });
    app.once('exit', (code) =>
      reject(new Error(`the standalone app exited (${code}):\n${seen.slice(-20).join('\n')}`)),
    );
  });
}

/**
 * The standalone app of the copy in `dir`, from `entry` (dist/apps/standalone/src/…), on a port
 * of its own choosing, as `npm start` runs it on a fresh machine: PGlite in `dataDir`, in-process
 * transport and memory cache, whatever servers CI's environment names. Its output is piped
 * (read the URL with {@link appUrl}).
 */
export function startStandalone(dir: string, entry: string, dataDir: string): ChildProcess {
  const servers = new Set(['DATABASE_URL', 'REDIS_URL', 'NATS_URL']);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !servers.has(k)));
  return spawn(process.execPath, [`dist/apps/standalone/src/${entry}`], {
    cwd: dir,
    env: {
      ...env,
      NODE_OPTIONS: '',
      // The existing domains' upstreams on a closed local port; new ones have no default.
      ...localUpstreamEnv(envVarGroups().flatMap((g) => g.vars)),
      PORT: '0',
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `script` of the copy in `dir` with Node, or throws with what it printed. */
export function runScript(dir: string, script: string, args: string[] = []): void {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: dir,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout}\n${result.stderr}`);
}

/** {@link startStandalone}, with everything it prints (stdout and stderr) collected. */
export function startCollecting(
  dir: string,
  entry: string,
  dataDir: string,
): { app: ChildProcess; output: string[] } {
  const app = startStandalone(dir, entry, dataDir);
  const output: string[] = [];
  app.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  app.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  return { app, output };
}

/** Waits (up to a minute) until the app at `url` says it is ready. */
export async function ready(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const res = await fetch(`${url}/health/ready`).catch(() => null);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never became ready`);
}

/** The live demo key a first start printed, once its banner is out (it follows readiness). */
export async function printedLiveKey(output: string[]): Promise<string> {
  const key = () => /nlk_live_\w+/.exec(output.join(''))?.[0] ?? '';
  for (let i = 0; i < 100 && !key(); i++) await new Promise((r) => setTimeout(r, 100));
  return key();
}

/** Resolves with the process's exit code once it has exited. */
export const exited = (app: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    app.exitCode !== null ? resolve(app.exitCode) : app.once('exit', resolve),
  );
