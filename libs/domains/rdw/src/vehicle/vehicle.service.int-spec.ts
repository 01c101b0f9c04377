import { jest } from '@jest/globals';
import { DomainCache, createMemoryStore } from '@nl/platform-cache';
import { LIVE } from '@nl/platform-context';
import { Upstream } from '@nl/platform-upstream';
import { RDW_DATASETS, RdwFake, datasetPath, silentLogger } from '@nl/testing';
import { RDW_UPSTREAM, RdwClient } from '../upstream/rdw/rdw.client.js';
import { rdwRecording, recordedRows } from '../upstream/rdw/rdw.recording.js';
import { VehicleService } from './vehicle.service.js';

const DAY = 86_400_000;

describe(VehicleService.name, () => {
  let rdw: RdwFake;
  let sut: VehicleService;
  beforeAll(async () => {
    rdw = await RdwFake.start({ recording: rdwRecording, rows: recordedRows });
    const client = new RdwClient(Upstream.from(RDW_UPSTREAM, { url: rdw.url, appToken: null }));
    sut = new VehicleService(
      client,
      new DomainCache('rdw', createMemoryStore('rdw', 100), silentLogger()),
    );
  });
  afterAll(() => rdw.close());
  afterEach(() => {
    jest.restoreAllMocks();
    rdw.upstream.reset();
  });

  it('should serve the last complete record as stale when a dataset fails after the TTL', async () => {
    const fresh = await sut.full('TT601D', LIVE);
    expect(fresh.meta.cache).toBe('miss');
    // A day and an hour later the record is past its TTL, and the axle dataset is down.
    const later = Date.now() + DAY + 3_600_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    rdw.upstream.fail(500, { error: 'down' }, Infinity, datasetPath(RDW_DATASETS.axles));
    const stale = await sut.full('TT601D', LIVE);
    expect(stale.meta).toMatchObject({ cache: 'stale', fetchedAt: fresh.meta.fetchedAt });
    expect(stale.data).toEqual(fresh.data);
  });

  it('should refuse, not half-answer, when a dataset fails and nothing is cached', async () => {
    rdw.upstream.fail(500, { error: 'down' }, Infinity, datasetPath(RDW_DATASETS.body));
    await expect(sut.full('R759BK', LIVE)).rejects.toMatchObject({ code: 'upstream_unavailable' });
    rdw.upstream.reset();
    expect((await sut.full('R759BK', LIVE)).meta.cache).toBe('miss');
  });

  it('should not need the body and axle datasets for a lite record', async () => {
    rdw.upstream.clearCalls();
    rdw.upstream.fail(500, { error: 'down' }, Infinity, datasetPath(RDW_DATASETS.axles));
    const lite = await sut.lite('XXX99X', LIVE);
    expect(lite.data).toMatchObject({
      found: true,
      vehicle: { brand: 'TESLA', fuel_type: 'Elektriciteit' },
    });
    expect(rdw.callsTo(RDW_DATASETS.axles)).toEqual([]);
    expect(rdw.callsTo(RDW_DATASETS.body)).toEqual([]);
  });
});
