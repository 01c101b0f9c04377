// The crash rows: the embedded profile under load, killed with SIGKILL at a random moment once
// charges flow, then started again on the same data dir, 20 times with fixed seeds. After each run
// the books must hold: balance = sum of the ledger = top-ups − settled charges + refunds, no
// reservation open, and every charge still standing was seen by its caller in X-Credits-Charged
// (the reverse may differ only in the caller's favour: a charge whose answer may have been lost is
// refunded at the next start, even if the answer did arrive).
import { GATEWAY_DATABASE } from '@nl/gateway-app';
import { closeDatabase, openDatabase } from '@nl/platform-database';
import { Prng } from '@nl/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv, distPath, startProcess, stopProcess, waitReady } from './child-process.js';
import { readBenchKey } from './economy.js';

const PORT = 3460;
const RUNS = 20;
const CLIENTS = 16;
const BASE = `http://127.0.0.1:${PORT}`;
const PATHS = ['/v1/cbs/sbi/6210', '/v1/cbs/sbi/4120', '/v1/cbs/sbi/9999', '/v1/cbs/sbi/A'];

type Say = (message: string) => void;

function start(dataDir: string, keyFile: string) {
  const env = childEnv(
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PGLITE_DATA_DIR: dataDir,
      BENCH_ROLE: 'standalone-crash',
      BENCH_KEY_FILE: keyFile,
    },
    ['NATS_URL', 'DATABASE_URL', 'REDIS_URL'],
  );
  return startProcess('standalone-crash', distPath('tools/bench/bench-app.js'), env, {
    standalone: true,
  });
}

/** Calls until the app dies; notes in `seen` what each caller was told it paid (hundredths). */
async function load(
  seed: number,
  key: string,
  random: Prng,
  seen: Map<string, number>,
): Promise<void> {
  let n = 0;
  let alive = true;
  const client = async () => {
    while (alive) {
      const requestId = `crash-${seed}-${n++}`;
      try {
        const res = await fetch(`${BASE}${random.pick(PATHS)}`, {
          headers: { 'x-api-key': key, 'x-request-id': requestId },
        });
        const charged = Math.round(Number(res.headers.get('x-credits-charged') ?? 0) * 100);
        if (charged) seen.set(requestId, charged);
        await res.arrayBuffer().catch(() => undefined);
      } catch {
        alive = false; // the app is gone
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Books {
  balance: number;
  ledger: number;
  open: number;
  unclosed: number;
  /** Closing rows that neither stand for their reservation nor follow a reserve row. */
  orphans: number;
  net: Map<string, number>;
}

async function books(dataDir: string, seed: number): Promise<Books> {
  const db = await openDatabase({ kind: 'pglite', dataDir }, [GATEWAY_DATABASE]);
  try {
    const [sums] = (await db.query(
      `SELECT (SELECT sum(balance) FROM gw.account)::bigint AS balance,
              (SELECT coalesce(sum(amount), 0) FROM gw.credit_ledger)::bigint AS ledger,
              (SELECT count(*) FROM gw.credit_reservation)::int AS open,
              (SELECT count(*) FROM gw.credit_ledger r WHERE r.kind = 'reserve' AND NOT EXISTS (
                 SELECT 1 FROM gw.credit_ledger c WHERE c.charge_id = r.charge_id AND c.kind IN ('settle', 'release')))::int AS unclosed,
              (SELECT count(*) FROM gw.credit_ledger c WHERE c.kind IN ('settle', 'release') AND c.reserved IS NULL
                  AND NOT EXISTS (SELECT 1 FROM gw.credit_ledger r WHERE r.charge_id = c.charge_id AND r.kind = 'reserve'))::int AS orphans`,
    )) as Record<string, string>[];
    const rows = (await db.query(
      `SELECT request_id, sum(CASE kind WHEN 'settle' THEN charged WHEN 'refund' THEN charged ELSE 0 END)::bigint AS net
         FROM gw.credit_ledger WHERE request_id LIKE $1 GROUP BY request_id`,
      [`crash-${seed}-%`],
    )) as { request_id: string; net: string }[];
    return {
      balance: Number(sums.balance),
      ledger: Number(sums.ledger),
      open: Number(sums.open),
      unclosed: Number(sums.unclosed),
      orphans: Number(sums.orphans),
      net: new Map(rows.map((r) => [r.request_id, Number(r.net)])),
    };
  } finally {
    await closeDatabase(db);
  }
}

/** One run: load, SIGKILL after a random pause, start again (recovery), stop, read the books. */
async function run(seed: number, dataDir: string, keyFile: string): Promise<string[]> {
  const random = new Prng(seed);
  const app = start(dataDir, keyFile);
  await waitReady(app, `${BASE}/health/ready`);
  const key = await readBenchKey(keyFile);
  const seen = new Map<string, number>();
  const loaded = load(seed, key, random, seen);
  // Killed once the load is under way (some charges answered), at a random moment after that.
  for (let waited = 0; seen.size < 20 && waited < 5_000; waited += 20) await sleep(20);
  await sleep(random.int(0, 700));
  app.child.kill('SIGKILL');
  await app.exited;
  await loaded;
  const again = start(dataDir, keyFile);
  await waitReady(again, `${BASE}/health/ready`);
  await stopProcess(again);
  const b = await books(dataDir, seed);
  const problems: string[] = [];
  if (b.balance !== b.ledger) problems.push(`balance ${b.balance} ≠ ledger ${b.ledger}`);
  if (b.open || b.unclosed) problems.push(`${b.open} reservations open, ${b.unclosed} unclosed`);
  if (b.orphans) problems.push(`${b.orphans} closing rows without their reservation`);
  let against = 0;
  let favour = 0;
  for (const [requestId, net] of b.net) {
    const told = seen.get(requestId) ?? 0;
    if (net > told) against += net - told;
  }
  for (const [requestId, told] of seen) favour += Math.max(0, told - (b.net.get(requestId) ?? 0));
  if (against) problems.push(`${against} hundredths charged that no caller saw`);
  const told = [...seen.values()].reduce((a, v) => a + v, 0);
  const net = [...b.net.values()].reduce((a, v) => a + v, 0);
  return [
    `seed ${seed}: ${seen.size} charges seen (${told}), ledger net ${net}, refunded though seen ${favour}` +
      (problems.length ? `  !! ${problems.join('; ')}` : ''),
  ];
}

export async function runCrashBench(say: Say): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'nl-bench-crash-'));
  const lines = [
    `Crash runs (embedded profile, ${CLIENTS} clients, SIGKILL 0–0.7 s after 20 charges, restart):`,
  ];
  try {
    for (let seed = 1; seed <= RUNS; seed++) {
      say(`(crash) run ${seed} of ${RUNS}`);
      lines.push(...(await run(seed, join(dir, 'data'), join(dir, 'key'))));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}
