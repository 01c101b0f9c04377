// A child process of `npm run bench` (tools/bench/ndw.ts), so its RSS is the import's alone:
// imports the OCPI file at BENCH_OCPI_FILE (a generated NDW-shaped file) into an in-memory
// PGlite through the ndw service's charge point dataset, then times `near` queries on that
// data through the service's repository. Prints one JSON line on stdout.
import 'reflect-metadata';
import {
  NDW_DATABASE,
  NdwDatasets,
  ChargePointsRepository,
  type NdwSettings,
} from '@nl/domain-ndw';
import { closeDatabase, openDatabase } from '@nl/platform-database';
import { HealthRegistry } from '@nl/platform-health';
import { createLogger } from '@nl/platform-logging';
import { ChargePointsQuery } from '@nl/contracts-ndw';

const NEAR_QUERIES = 2_000;
const off = { url: null, everySeconds: 86_400 };
const SETTINGS: NdwSettings = {
  chargePoints: off,
  truckParkingTable: off,
  truckParkingStatus: off,
  emissionZones: off,
  staleStatusSeconds: 900,
};

function rssMb(): number {
  return process.memoryUsage.rss() / 1024 / 1024;
}

const file = process.env['BENCH_OCPI_FILE'];
if (!file) throw new Error('BENCH_OCPI_FILE is not set');
// On disk, as `npm start` keeps it (./.data): the rows are not held in the process's memory.
const db = await openDatabase(
  { kind: 'pglite', dataDir: process.env['BENCH_PGLITE_DIR'] ?? null },
  [NDW_DATABASE],
);
const logger = createLogger({ service: 'bench-ndw', level: 'warn' });
const datasets = new NdwDatasets(db, SETTINGS, new HealthRegistry(), logger);
global.gc?.();
const before = rssMb();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
const started = performance.now();
const result = await datasets.refresh('chargePoints', file);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, rssMb());

const repository = new ChargePointsRepository(db, datasets);
const times: number[] = [];
let found = 0;
for (let i = 0; i < NEAR_QUERIES; i++) {
  const query = Object.assign(new ChargePointsQuery(), {
    lat: 50.8 + ((i * 7919) % 2600) / 1000,
    lon: 3.5 + ((i * 104_729) % 3600) / 1000,
    radius_m: 1_000,
    page: 1,
    per_page: 25,
  });
  const t = performance.now();
  found += (await repository.list(query)).total;
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
await closeDatabase(db);
process.stdout.write(
  `${JSON.stringify({
    result,
    seconds,
    rssBeforeMb: before,
    rssPeakMb: peak,
    near: {
      queries: NEAR_QUERIES,
      p50: times[Math.floor(NEAR_QUERIES * 0.5)],
      p99: times[Math.floor(NEAR_QUERIES * 0.99)],
      meanFound: found / NEAR_QUERIES,
    },
  })}\n`,
);
