// The ndw rows of `npm run bench`: the import of a generated 100,000-location OCPI file (the
// shape of NDW's ~200 MB file, made from the shipped real location) with its time and peak RSS
// growth, `near` query latency in the service on that data, and cached truck parking list and
// detail through the standalone gateway (auth, limits and credits on).
import { FileServer, ocpiFileText, ocpiLocations } from '@nl/testing';
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import { distPath } from './child-process.js';
import { formatLoadRow, load, startDomainsApp, type LoadRow } from './domain-load.js';
import { LOAD } from './measure.js';

const LOCATIONS = 100_000;
const PORT = 3409;
const LIMITS = { seconds: 15, rssMb: 150, nearP99Ms: 10 };

interface ImportReport {
  readonly result: { ok: boolean; size?: number; reason?: string };
  readonly seconds: number;
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
  readonly near: { queries: number; p50: number; p99: number; meanFound: number };
}

async function ocpiFile(dir: string): Promise<{ path: string; rawMb: number; gzMb: number }> {
  const template = (
    JSON.parse(
      await readFile(
        new URL(
          '../../libs/domains/ndw/src/data/charging_point_locations_ocpi.json',
          import.meta.url,
        ),
        'utf8',
      ),
    ) as Record<string, unknown>[]
  )[0];
  const path = join(dir, 'charging_point_locations_ocpi.json.gz');
  let raw = 0;
  const text = Readable.from(
    (function* () {
      for (const piece of ocpiFileText(ocpiLocations(template, LOCATIONS))) {
        raw += Buffer.byteLength(piece);
        yield piece;
      }
    })(),
  );
  await pipeline(text, createGzip(), createWriteStream(path));
  return { path, rawMb: raw / 1e6, gzMb: (await stat(path)).size / 1e6 };
}

function runImport(file: string): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', distPath('tools/bench/ndw-import.js')], {
      env: {
        ...process.env,
        BENCH_OCPI_FILE: pathToFileURL(file).href,
        BENCH_PGLITE_DIR: join(dirname(file), 'pglite'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as ImportReport);
      else reject(new Error(`the import child exited ${code}: ${err.slice(-500)}`));
    });
  });
}

const mark = (ok: boolean) => (ok ? '' : '  <-- !!');

/** Runs the rows and returns the lines to print. */
export async function runNdwBench(progress: (m: string) => void): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'nl-bench-ndw-'));
  const lines: string[] = [];
  try {
    progress(`(n) generating an OCPI file of ${LOCATIONS.toLocaleString('en')} locations`);
    const file = await ocpiFile(dir);
    progress('(n) importing it in a child process (PGlite on disk), then near queries');
    const r = await runImport(file.path);
    const growth = r.rssPeakMb - r.rssBeforeMb;
    lines.push(
      `NDW charge points: import of ${LOCATIONS.toLocaleString('en')} generated OCPI locations (${file.rawMb.toFixed(0)} MB raw, ${file.gzMb.toFixed(1)} MB gz): ${r.result.ok ? `${r.result.size} rows` : `FAILED ${r.result.reason}`} in ${r.seconds.toFixed(1)} s (limit ${LIMITS.seconds})${mark(r.result.ok && r.seconds <= LIMITS.seconds)}; peak RSS growth ${growth.toFixed(0)} MB (limit ${LIMITS.rssMb})${mark(growth <= LIMITS.rssMb)}`,
      `NDW near query in the service (1 km, ${r.near.queries} points, mean ${r.near.meanFound.toFixed(1)} found): p50 ${r.near.p50.toFixed(2)} ms, p99 ${r.near.p99.toFixed(2)} ms (limit ${LIMITS.nearP99Ms})${mark(r.near.p99 <= LIMITS.nearP99Ms)}`,
    );
  } catch (error) {
    lines.push(
      `!!! NDW import row FAILED: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  lines.push(...(await gatewayRows(progress)));
  return lines;
}

async function gatewayRows(progress: (m: string) => void): Promise<string[]> {
  const files = await FileServer.start();
  // The shipped snapshots only: every NDW URL on the stand-in server, which answers 404.
  const off = Object.fromEntries(
    ['CHARGEPOINTS', 'TRUCKPARKING_TABLE', 'TRUCKPARKING_STATUS', 'EMISSIONZONES'].map((n) => [
      `NDW_${n}_URL`,
      files.url(`/${n}`),
    ]),
  );
  const app = await startDomainsApp('standalone-ndw', PORT, off);
  try {
    progress(
      `(n) cached truck parking and zones through the standalone gateway, ${LOAD.durationSeconds} s each`,
    );
    const headers = { 'x-api-key': app.key };
    const rows: LoadRow[] = [];
    for (const [label, path] of [
      ['cached GET /v1/ndw/truckparking', '/v1/ndw/truckparking'],
      ['cached GET /api/v1/ndw/truckparking/{id}', '/api/v1/ndw/truckparking/NL-12_421'],
      ['cached GET /v1/ndw/emissiezones', '/v1/ndw/emissiezones'],
      ['cached GET /v1/ndw/laadpunten near', '/v1/ndw/laadpunten?lat=51.7279&lon=5.2983'],
    ])
      rows.push(await load(label, `${app.base}${path}`, { method: 'GET', headers }));
    return [
      `NDW through the standalone gateway (auth + limits + credits on), ${LOAD.connections} connections:`,
      ...rows.map(formatLoadRow),
    ];
  } finally {
    await app.stop();
    await files.close();
  }
}
