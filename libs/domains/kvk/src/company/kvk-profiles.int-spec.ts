import { jest } from '@jest/globals';
import { COMPANY_GET_ENDPOINT } from '@nl/contracts-kvk';
import { DomainCache, createMemoryStore } from '@nl/platform-cache';
import { LIVE } from '@nl/platform-context';
import { Upstream } from '@nl/platform-upstream';
import { FakeUpstream, silentLogger } from '@nl/testing';
import { KVK_UPSTREAM, KvkClient } from '../upstream/kvk/kvk.client.js';
import { kvkRecording } from '../upstream/kvk/kvk.recording.js';
import { KvkProfiles } from './kvk-profiles.js';

const DAY = 86_400_000;

describe(KvkProfiles.name, () => {
  let kvk: FakeUpstream;
  let sut: KvkProfiles;
  beforeAll(async () => {
    kvk = await FakeUpstream.serving(kvkRecording());
    const upstream = Upstream.from(KVK_UPSTREAM, { url: kvk.url, apiKey: 'kvk-test-key' });
    sut = new KvkProfiles(
      new KvkClient(upstream),
      new DomainCache('kvk', createMemoryStore('kvk', 100), silentLogger()),
    );
  });
  afterAll(() => kvk.close());
  afterEach(() => {
    jest.restoreAllMocks();
    kvk.reset();
  });

  it('should ask KVK once per number per TTL, with the key, and cache an unknown number too', async () => {
    kvk.clearCalls();
    expect((await sut.company('69599084', COMPANY_GET_ENDPOINT, LIVE)).state).toBe('miss');
    expect((await sut.company('69599084', COMPANY_GET_ENDPOINT, LIVE)).state).toBe('hit');
    expect((await sut.company('12345678', COMPANY_GET_ENDPOINT, LIVE)).value).toBeNull();
    expect((await sut.company('12345678', COMPANY_GET_ENDPOINT, LIVE)).state).toBe('hit');
    expect(kvk.calls.map((c) => [c.path, c.headers['apikey']])).toEqual([
      ['/v1/basisprofielen/69599084', 'kvk-test-key'],
      ['/v1/basisprofielen/12345678', 'kvk-test-key'],
    ]);
  });

  it('should serve the last profile as stale when KVK fails after the TTL', async () => {
    const fresh = await sut.company('90000749', COMPANY_GET_ENDPOINT, LIVE);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + DAY + 3_600_000);
    kvk.fail(500, { fout: [{ code: 'IPD1002', omschrijving: 'tijdelijk niet beschikbaar' }] });
    const stale = await sut.company('90000749', COMPANY_GET_ENDPOINT, LIVE);
    expect(stale).toMatchObject({ state: 'stale', fetchedAt: fresh.fetchedAt });
    expect(stale.value).toEqual(fresh.value);
  });

  it('should answer 503 with Retry-After when KVK fails and nothing is cached', async () => {
    kvk.rateLimit(30);
    await expect(sut.branch('000038509504', COMPANY_GET_ENDPOINT, LIVE)).rejects.toMatchObject({
      code: 'upstream_unavailable',
      extra: { retryAfterSeconds: 60 },
    });
    kvk.reset();
    expect((await sut.branch('000038509504', COMPANY_GET_ENDPOINT, LIVE)).state).toBe('miss');
  });
});
