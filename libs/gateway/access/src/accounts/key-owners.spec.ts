import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { generateApiKey } from '../keys/api-key.js';
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

/** KeyOwners over a database that answers `row` to every lookup, counting them. */
function ownersWith(row: Record<string, unknown>) {
  const lookups: unknown[] = [];
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      lookups.push(params);
      return [row];
    },
  } as unknown as DataSource;
  const keyUse = { touch: () => undefined } as unknown as KeyUseTracker;
  return { owners: new KeyOwners(db, keyUse), lookups };
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
});
