import { NdwDatasets, type NdwDatasetName } from '@nl/domain-ndw';
import { FileServer, ocpiFileText, ocpiLocations } from '@nl/testing';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

const DATA = new URL('../../../libs/domains/ndw/src/data/', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, DATA), 'utf8');
const STATUS = read('truckparking-status.xml');
const [TEMPLATE] = JSON.parse(read('charging_point_locations_ocpi.json')) as Record<
  string,
  unknown
>[];
const ocpiGz = (count: number, seed = 1) =>
  gzipSync([...ocpiFileText(ocpiLocations(TEMPLATE, count, seed))].join(''));

const NAMES: NdwDatasetName[] = [
  'chargePoints',
  'truckParkingTable',
  'truckParkingStatus',
  'emissionZones',
];
const VENLO = '/api/v1/ndw/truckparking/NL-12_421';

/**
 * The scheduled refresh of the NDW files: a new version is served after one refresh with no request
 * failing during the swap; a server error, a truncated gzip, malformed XML or a file with a tenth
 * of the rows keeps the version in use, and `/health/ready` says why. The refreshes are started by
 * the test (the configured URL, a fake on 127.0.0.1).
 */
describe.each(PROFILES)('NDW refresh (%s)', (profile) => {
  let api: Stack;
  let files: FileServer;
  let datasets: NdwDatasets;

  const health = async (name: string) => {
    const url = (await api.service('ndw').getUrl()).replace('[::1]', '127.0.0.1');
    return (await jsonOf(await fetch(`${url}/health/ready`))).checks[name];
  };

  beforeAll(async () => {
    files = await FileServer.start();
    api = await startStack(profile, {
      serviceEnv: {
        NDW_CHARGEPOINTS_URL: files.url('/charging_point_locations_ocpi.json.gz'),
        NDW_TRUCKPARKING_STATUS_URL: files.url('/Truckparking_Parking_Status.xml'),
        NDW_EMISSIONZONES_URL: files.url('/emissiezones.xml.gz'),
        // Scheduled refreshes stay out of the way: the tests start each refresh themselves.
        NDW_CHARGEPOINTS_REFRESH_SECONDS: '86400',
        NDW_TRUCKPARKING_STATUS_REFRESH_SECONDS: '86400',
        NDW_EMISSIONZONES_REFRESH_SECONDS: '86400',
      },
    });
    datasets = api.service('ndw').get(NdwDatasets);
    for (const name of NAMES)
      expect(await datasets.reinstallShipped(name)).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    // A shared database keeps the shipped snapshots for the next suite.
    for (const name of NAMES) await datasets?.reinstallShipped(name);
    await api?.close();
    await files?.close();
  });

  it('should serve a new status file after one refresh, no request failing during the swap', async () => {
    // The shipped status says 576 vacant of Venlo's 390 spaces: impossible, so null, kept raw.
    expect((await jsonOf(await api.get(VENLO))).result).toMatchObject({
      available_spaces: null,
      occupancy: { raw: { vacant_spaces: 576 } },
    });
    const next = STATUS.replace(
      '<ns2:parkingNumberOfVacantSpaces>576</ns2:parkingNumberOfVacantSpaces>',
      '<ns2:parkingNumberOfVacantSpaces>12</ns2:parkingNumberOfVacantSpaces>',
    );
    files.serve(next, '"status-2"');
    let running = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (running) {
        const responses = await Promise.all([
          api.get('/v1/ndw/truckparking?per_page=5'),
          api.get(VENLO),
        ]);
        for (const res of responses) {
          statuses.push(res.status);
          await res.arrayBuffer();
        }
      }
    })();
    const result = await datasets.refresh('truckParkingStatus');
    running = false;
    await load;
    expect(result).toMatchObject({ ok: true, changed: true, size: 8 });
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const after = await jsonOf(await api.get(VENLO));
    expect(after.result).toMatchObject({ available_spaces: 12, occupancy: { vacant_spaces: 12 } });
    // Unchanged since: one conditional GET, a 304, nothing reloaded.
    expect(await datasets.refresh('truckParkingStatus')).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(files.seen.at(-1)?.headers['if-none-match']).toBe('"status-2"');
  });

  it('should keep the status in use on malformed XML and say so in health', async () => {
    files.serve(STATUS.slice(0, STATUS.length - 200), '"status-broken"');
    const result = await datasets.refresh('truckParkingStatus');
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/malformed XML/) });
    expect((await jsonOf(await api.get(VENLO))).result.available_spaces).toBe(12);
    expect(await health('ndw-truckparking-status')).toMatchObject({
      size: 8,
      lastRefresh: { ok: false, reason: expect.stringMatching(/malformed XML/) },
    });
  });

  it('should stop answering a zone whose validity ended, after a gzip refresh', async () => {
    const zone = '/api/v1/ndw/emissiezones/NDW11_de06481f-e23e-4c9a-987b-978a4b67e0c0';
    expect((await api.get(zone)).status).toBe(200);
    const ended = read('emissiezones.xml').replace(
      '<com:overallEndTime>2999-01-01T00:00:00Z</com:overallEndTime>',
      '<com:overallEndTime>2025-12-31T23:00:00Z</com:overallEndTime>',
    );
    files.serve(gzipSync(ended), '"zones-2"');
    expect(await datasets.refresh('emissionZones')).toMatchObject({ ok: true, size: 2 });
    expect((await api.get(zone)).status).toBe(404);
    expect((await jsonOf(await api.get('/v1/ndw/emissiezones'))).total).toBe(1);
  });

  describe('charge points (gzip, streamed)', () => {
    const total = async () => (await jsonOf(await api.get('/v1/ndw/laadpunten?per_page=1'))).total;

    it('should load a new gzip version of 200 locations and answer near queries on it', async () => {
      files.serve(ocpiGz(200), '"ocpi-1"');
      expect(await datasets.refresh('chargePoints')).toMatchObject({ ok: true, size: 200 });
      expect(await total()).toBe(200);
      const near = await jsonOf(
        await api.get('/v1/ndw/laadpunten?lat=52.1&lon=5.3&radius_m=50000&per_page=100'),
      );
      const distances = near.results.map((r: { distance_m: number }) => r.distance_m);
      expect(distances.length).toBeGreaterThan(0);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(Math.max(...distances)).toBeLessThanOrEqual(50_000);
    });

    it.each<[string, (files: FileServer) => void, RegExp]>([
      ['a server error', (f) => f.set((_req, res) => res.writeHead(500).end('no')), /HTTP 500/],
      [
        'a truncated gzip file',
        (f) => {
          const gz = ocpiGz(200, 2);
          f.serve(gz.subarray(0, Math.floor(gz.length / 2)), '"ocpi-cut"');
        },
        /end|unexpected|truncated/i,
      ],
      ['a file with a tenth of the rows', (f) => f.serve(ocpiGz(20, 3), '"ocpi-small"'), /floor/],
    ])(
      'should keep the 200 locations after %s, health saying why',
      async (_what, serve, reason) => {
        serve(files);
        expect(await datasets.refresh('chargePoints')).toMatchObject({ ok: false, reason });
        expect(await total()).toBe(200);
        expect(await health('ndw-chargepoints')).toMatchObject({
          status: 'up',
          size: 200,
          lastRefresh: { ok: false, reason: expect.stringMatching(reason) },
        });
      },
    );
  });
});
