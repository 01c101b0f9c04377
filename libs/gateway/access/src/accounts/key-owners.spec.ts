import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { generateApiKey } from '../keys/api-key.js';
import { ALL_KEYS } from '../keys/key-revocations.js';
import type { KeyUseTracker } from '../keys/key-use.js';
import { KeyOwners } from './key-owners.js';

const ROW = {
  key_id: 'k1',
  account_id: 'a1',
  tier: 'paid',
  subscriptions: [],
  capped: false,
  allowed_origins: null,
  expires_at: null,
  scopes: null,
  previous_until: null,
};

/**
 * KeyOwners over a database that answers `row` (as it is at the time of the answer) to every
 * lookup, counting them; with `held`, each lookup waits until the test lets it go.
 */
function ownersWith(row: Record<string, unknown>, held = false) {
  const lookups: unknown[] = [];
  const waiting: (() => void)[] = [];
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      lookups.push(params);
      if (held) await new Promise<void>((resolve) => waiting.push(resolve));
      return [{ ...row }];
    },
  } as unknown as DataSource;
  const keyUse = { touch: () => undefined } as unknown as KeyUseTracker;
  const answer = async () => {
    waiting.splice(0).forEach((go) => go());
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { owners: new KeyOwners(db, keyUse), lookups, answer };
}

describe('KeyOwners', () => {
  const start = Date.parse('2026-11-28T12:00:00Z');
  let now = start;
  beforeEach(() => {
    now = start;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it("should accept a rolled key's previous secret until its end, then refuse it from the cache", async () => {
    const end = new Date(start + 2_000);
    const { owners, lookups } = ownersWith({ ...ROW, previous_until: end });
    const key = generateApiKey();
    expect(await owners.find(key)).toMatchObject({ keyId: 'k1', secretEndsAt: end.getTime() });
    now = start + 1_999;
    expect(owners.find(key)).toMatchObject({ keyId: 'k1' });
    now = start + 2_000;
    expect(owners.find(key)).toBeNull();
    // The cache still held the row (5 s): the end was checked against it, not read again.
    expect(lookups).toHaveLength(1);
  });

  it('should refuse a previous secret read after its end', async () => {
    const { owners } = ownersWith({ ...ROW, previous_until: new Date(start - 1) });
    expect(await owners.find(generateApiKey())).toBeNull();
  });

  it('should carry the expiry and scopes of the key to the steps', async () => {
    const expires = new Date(start + 60_000);
    const { owners } = ownersWith({ ...ROW, expires_at: expires, scopes: ['kvk'] });
    expect(await owners.find(generateApiKey())).toMatchObject({
      expiresAt: expires.getTime(),
      scopes: ['kvk'],
    });
  });

  it('should read a key once for the calls that miss together', async () => {
    const { owners, lookups, answer } = ownersWith(ROW, true);
    const key = generateApiKey();
    const calls = [owners.find(key), owners.find(key), owners.find(key)];
    await answer();
    expect(await Promise.all(calls)).toEqual([
      expect.objectContaining({ keyId: 'k1' }),
      expect.objectContaining({ keyId: 'k1' }),
      expect.objectContaining({ keyId: 'k1' }),
    ]);
    expect(lookups).toHaveLength(1);
  });

  it('should read a key in use again before its memory ends, answering from memory meanwhile', async () => {
    const row = { ...ROW };
    const { owners, lookups, answer } = ownersWith(row, true);
    const key = generateApiKey();
    const first = owners.find(key);
    await answer();
    await first;
    now = start + 3_000;
    expect(owners.find(key)).toMatchObject({ tier: 'paid' });
    expect(lookups).toHaveLength(1);
    // Within the last 1.5 s: the call is answered from memory and one read goes out.
    row.tier = 'premium';
    now = start + 4_000;
    expect(owners.find(key)).toMatchObject({ tier: 'paid' });
    expect(owners.find(key)).toMatchObject({ tier: 'paid' });
    expect(lookups).toHaveLength(2);
    await answer();
    // The read is remembered for 5 s from its answer: no call waited, none reads again till 7.5 s.
    now = start + 7_400;
    expect(owners.find(key)).toMatchObject({ tier: 'premium' });
    expect(lookups).toHaveLength(2);
  });

  it('should not remember a read that a revocation overtook', async () => {
    const { owners, lookups, answer } = ownersWith(ROW, true);
    const key = generateApiKey();
    const before = owners.find(key);
    owners.forget(ALL_KEYS);
    await answer();
    // The call that began before the revocation gets what it read ...
    expect(await before).toMatchObject({ keyId: 'k1' });
    // ... but the next call reads again rather than trust it.
    const after = owners.find(key);
    expect(after).toBeInstanceOf(Promise);
    await answer();
    await after;
    expect(lookups).toHaveLength(2);
  });
});
