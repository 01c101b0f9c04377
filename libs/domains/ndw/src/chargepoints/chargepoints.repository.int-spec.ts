import { Test, type TestingModule } from '@nestjs/testing';
import { ChargePointsQuery } from '@nl/contracts-ndw';
import { PlatformConfigModule } from '@nl/platform-config';
import { DatabaseModule } from '@nl/platform-database';
import { HealthModule } from '@nl/platform-health';
import { LoggingModule } from '@nl/platform-logging';
import { silentLogger, testConfig } from '@nl/testing';
import { NDW_CONFIG, type NdwSettings } from '../ndw.config.js';
import { NDW_DATABASE } from '../ndw.database.js';
import { NdwDatasets } from '../persistence/ndw-datasets.js';
import { ChargePointsRepository } from './chargepoints.repository.js';

/** No refresh in this spec: every feed off, the shipped snapshots only. */
const OFF = { url: null, everySeconds: 86_400 };
const SETTINGS: NdwSettings = {
  chargePoints: OFF,
  truckParkingTable: OFF,
  truckParkingStatus: OFF,
  emissionZones: OFF,
  staleStatusSeconds: 900,
};

const query = (over: Partial<ChargePointsQuery>) =>
  Object.assign(new ChargePointsQuery(), { page: 1, per_page: 25, ...over });

describe.each(['standalone', 'distributed'] as const)(
  'charge points in the database (%s profile)',
  (profile) => {
    let module: TestingModule;
    let sut: ChargePointsRepository;

    beforeAll(async () => {
      module = await Test.createTestingModule({
        imports: [
          PlatformConfigModule.forRoot(testConfig('ndw-test', profile), [
            { section: NDW_CONFIG, value: SETTINGS, resolved: {} },
          ] as never),
          LoggingModule.forRoot(silentLogger()),
          HealthModule,
          DatabaseModule.forRoot([NDW_DATABASE]),
        ],
        providers: [NdwDatasets, ChargePointsRepository],
      }).compile();
      await module.init();
      sut = module.get(ChargePointsRepository);
    });
    afterAll(() => module?.close());

    it('should serve the shipped snapshot (one real location in Den Bosch) after start', async () => {
      const all = await sut.list(query({}));
      expect(all.total).toBeGreaterThanOrEqual(1);
      expect(all.items[0]).toMatchObject({ coordinates: expect.anything() });
    });

    it('should find it near its point, sorted by distance, and not 1 km away from elsewhere', async () => {
      const near = await sut.list(query({ lat: 51.727916, lon: 5.298283, radius_m: 100 }));
      expect(near.total).toBeGreaterThanOrEqual(1);
      expect(near.items[0].distance_m).toBeLessThanOrEqual(1);
      const far = await sut.list(query({ lat: 52.37, lon: 4.89, radius_m: 1_000 }));
      expect(far.total).toBe(0);
    });
  },
);
