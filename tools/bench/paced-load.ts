// Interactive calls at a steady pace, for the batch row: one request every 1000/rate ms, each
// timed from the moment it was due, not from when it went out (a late send counts against the
// server, as a customer's late answer would). autocannon's `overallRate` is not a pace: each
// connection sends its share of a second back to back and then waits for the next second, so
// 100 req/s over 10 connections is 10 bursts of 10 at the top of every second, and its p99 is
// the queue at the end of a burst. Runs on a worker thread of its own, so what the bench's main
// thread does meanwhile (the VIES fake answering a batch) does not delay a send or a reading.
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface PacedLoad {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Requests a second. */
  readonly rate: number;
  readonly seconds: number;
}

export interface PacedResult {
  /** Milliseconds from due to answered, one decimal. */
  readonly p50: number;
  readonly p99: number;
  readonly ok: number;
  readonly failed: number;
}

/** A percentile of sorted values (nearest rank). */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function send(load: PacedLoad, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      load.url,
      { method: load.method, headers: load.headers, agent, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end(load.body);
  });
}

/** Sends the load and waits for every answer. */
async function run(load: PacedLoad): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const gap = 1000 / load.rate;
  const count = Math.round(load.rate * load.seconds);
  const start = performance.now();
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const calls: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(
      send(load, agent).then((status) => {
        latencies.push(performance.now() - due);
        if (status >= 200 && status < 300) ok++;
        else failed++;
      }),
    );
  }
  await Promise.all(calls);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    ok,
    failed,
  };
}

/** Runs `load` on a worker thread and gives its result. */
export function pacedLoad(load: PacedLoad): Promise<PacedResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: load });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the paced load stopped (${code})`));
    });
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void run(workerData as PacedLoad).then((result) => {
    port.postMessage(result);
    port.close();
  });
}
