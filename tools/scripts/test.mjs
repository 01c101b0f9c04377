// `npm test`: every project's Jest suite through Nx. The profile follows the environment: with
// NATS_URL, DATABASE_URL and REDIS_URL set the suites also run against those servers
// (distributed); without them they use the embedded substitutes. Ends with one plain
// "N passed, N failed" line summed over all projects.
import { spawn } from 'node:child_process';

const urls = ['NATS_URL', 'DATABASE_URL', 'REDIS_URL'];
const set = urls.filter((name) => process.env[name]);
if (set.length !== 0 && set.length !== urls.length) {
  console.error(`Set all of ${urls.join(', ')} or none (set: ${set.join(', ')}).`);
  process.exit(2);
}
const profile = set.length
  ? 'distributed (NATS, PostgreSQL, Redis)'
  : 'embedded (in-process transport, PGlite, memory cache)';
console.log(`Test profile: ${profile}`);

const args = [
  'nx',
  'run-many',
  '-t',
  'test',
  'test:int',
  '--parallel=2',
  '--outputStyle=stream',
  '--skipNxCache',
  ...process.argv.slice(2),
];
const child = spawn('npx', args, {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});

let output = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  output += chunk.toString();
});
child.on('close', (code) => {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
  const plain = output.replace(ansi, '');
  for (const line of plain.matchAll(/Tests:\s+([^\n]*)/g)) {
    for (const [, n, kind] of line[1].matchAll(/(\d+) (passed|failed|skipped)/g))
      totals[kind] += Number(n);
  }
  console.log(`Test profile was: ${profile}`);
  // A target can fail without a failing test (a suite that does not load, a project without
  // tests): it still fails the run, and the summary says so rather than show a clean count.
  const failed = code !== 0 && totals.failed === 0 ? 1 : totals.failed;
  if (code !== 0 && totals.failed === 0)
    process.stdout.write(
      'A test target failed without a failing test: see "Failed tasks" above.\n',
    );
  process.stdout.write(`${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped\n`);
  process.exit(code ?? 1);
});
