import type { Closing } from './closing.js';
import { countersAfter, LedgerBatch } from './ledger-batch.js';

const ACCOUNT = '0b7e6a3c-1d2e-4f50-8a9b-7c6d5e4f3a2b';
const OTHER = '1c8f7b4d-2e3f-4a61-9bac-8d7e6f5a4b3c';
const KEY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
let next = 0;

/** The elements of a one-dimensional array in PostgreSQL's binary format. */
function elements(array: unknown): Buffer[] {
  const buffer = array as Buffer;
  const out: Buffer[] = [];
  if (buffer.readInt32BE(0) === 0) return out;
  const n = buffer.readInt32BE(12);
  for (let at = 20, i = 0; i < n; i++) {
    const length = buffer.readInt32BE(at);
    out.push(buffer.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return out;
}
const texts = (array: unknown) => elements(array).map((e) => e.toString('utf8'));
const int8s = (array: unknown) => elements(array).map((e) => Number(e.readBigInt64BE()));

function closing(
  kind: Closing['kind'],
  charged: number,
  {
    accountId = ACCOUNT,
    keyId = undefined as string | undefined,
    day = '2026-11-27',
    endpoint = 'cbs.sbi.lookup',
  } = {},
): Closing {
  const at = new Date(`${day}T23:59:59.000Z`);
  const chargeId = `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;
  const hold = {
    chargeId,
    accountId,
    ...(keyId && { keyId }),
    amount: 20,
    endpoint,
    requestId: `r${next}`,
    at,
    day,
  };
  return { hold, kind, charged, at };
}

describe('LedgerBatch', () => {
  it('should sum what the settlements charged per account, per capped key and day, and per usage row', () => {
    const batch = new LedgerBatch();
    batch.add([
      closing('settle', 10, { keyId: KEY }),
      closing('release', 0, { keyId: KEY }),
      closing('settle', 0),
      closing('settle', 5, { accountId: OTHER, endpoint: 'kvk.search' }),
    ]);
    const later = new LedgerBatch();
    later.add([
      closing('settle', 7, { keyId: KEY, day: '2026-11-28' }),
      closing('settle', 3, { keyId: KEY }),
    ]);
    batch.absorb(later);

    expect(batch.size).toBe(6);
    expect([...batch.charged]).toEqual([
      [ACCOUNT, 20],
      [OTHER, 5],
    ]);
    // In the order they closed: a later day, then the first day again.
    expect(batch.spent.get(KEY)).toEqual([
      { day: '2026-11-27', charged: 10 },
      { day: '2026-11-28', charged: 7 },
      { day: '2026-11-27', charged: 3 },
    ]);
    const { values } = batch.statement(new Map(), [OTHER]);
    expect(values).toHaveLength(22);
    // Every closing is a row; releases are no usage, a settlement of 0 is one.
    expect(texts(values[3])).toEqual(['settle', 'release', 'settle', 'settle', 'settle', 'settle']);
    expect(texts(values[14])).toEqual(['cbs.sbi.lookup', 'cbs.sbi.lookup', 'kvk.search']);
    expect(int8s(values[15])).toEqual([3, 1, 1]);
    expect(int8s(values[16])).toEqual([13, 7, 5]);
    expect(int8s(values[5])).toEqual([10, 0, 0, 5, 7, 3]);
  });

  it('should count each settlement in the usage row of its own account, endpoint and UTC day', () => {
    const batch = new LedgerBatch();
    const at = (settled: Closing, iso: string): Closing => ({ ...settled, at: new Date(iso) });
    batch.add([
      at(closing('settle', 1), '2026-11-27T23:59:59.999Z'),
      at(closing('settle', 2), '2026-11-28T00:00:00.000Z'),
      at(closing('settle', 4), '2026-11-27T12:00:00.000Z'),
      at(closing('settle', 8, { endpoint: 'kvk.search' }), '2026-11-27T12:00:00.000Z'),
      at(closing('settle', 16), '2026-11-27T12:00:00.000Z'),
      at(closing('settle', 32, { accountId: OTHER }), '2026-11-27T12:00:00.000Z'),
      at(closing('settle', 64), '2026-11-27T00:00:00.000Z'),
    ]);
    const usage = (values: readonly unknown[]) =>
      elements(values[12]).map((account, i) => [
        account.toString('hex').slice(0, 8),
        new Date(Date.UTC(2000, 0, 1) + elements(values[13])[i].readInt32BE() * 86_400_000)
          .toISOString()
          .slice(0, 10),
        texts(values[14])[i],
        int8s(values[15])[i],
        int8s(values[16])[i],
      ]);
    expect(usage(batch.statement(new Map(), []).values)).toEqual([
      ['0b7e6a3c', '2026-11-27', 'cbs.sbi.lookup', 4, 85],
      ['0b7e6a3c', '2026-11-27', 'kvk.search', 1, 8],
      ['0b7e6a3c', '2026-11-28', 'cbs.sbi.lookup', 1, 2],
      ['1c8f7b4d', '2026-11-27', 'cbs.sbi.lookup', 1, 32],
    ]);
    // Cleared, the batch counts in new rows only.
    batch.clear();
    batch.add([at(closing('settle', 5), '2026-11-27T12:00:00.000Z')]);
    expect(usage(batch.statement(new Map(), []).values)).toEqual([
      ['0b7e6a3c', '2026-11-27', 'cbs.sbi.lookup', 1, 5],
    ]);
  });

  it('should be as new once cleared, for the next commit', () => {
    const batch = new LedgerBatch();
    batch.add([closing('settle', 10, { keyId: KEY }), closing('release', 0)]);
    batch.clear();
    expect([batch.size, batch.charged.size, batch.spent.size]).toEqual([0, 0, 0]);
    batch.add([closing('settle', 4, { accountId: OTHER, endpoint: 'kvk.search' })]);
    const { values } = batch.statement(new Map(), []);
    expect(texts(values[3])).toEqual(['settle']);
    expect(int8s(values[5])).toEqual([4]);
    expect([...batch.charged]).toEqual([[OTHER, 4]]);
    expect(texts(values[14])).toEqual(['kvk.search']);
    expect(int8s(values[15])).toEqual([1]);
  });

  it("should count a capped key's spend day by day from its committed counters", () => {
    const batch = new LedgerBatch();
    batch.add([
      closing('settle', 10, { keyId: KEY }),
      closing('settle', 7, { keyId: KEY, day: '2026-11-28' }),
      closing('settle', 3, { keyId: KEY }),
    ]);
    const counters = countersAfter(batch, () => ({
      day: '2026-11-27',
      daySpent: 100,
      monthSpent: 500,
    }));
    // The late settlement of the 27th counts in the month only: the counters are on the 28th.
    expect(counters.get(KEY)).toEqual({ day: '2026-11-28', daySpent: 7, monthSpent: 520 });
    expect(countersAfter(batch, () => undefined).size).toBe(0);
  });
});
