import type { DataSource } from 'typeorm';
import { endItems, type EndOf } from './batch-item-rows.js';

const JOB = {
  id: 'bat-0123456789abcdef01234567',
  account_id: 'a1',
  key_id: 'k1',
  capped: false,
  sandbox: false,
  endpoint: 'validation.vat.check',
  state: 'running',
  total: '3',
  succeeded: '2',
  failed: '0',
  cancelled: '0',
  reserved: '300',
  charged: '200',
  webhook_url: null,
  created_at: '2026-11-28T12:00:00Z',
  started_at: '2026-11-28T12:00:01Z',
  finished_at: null,
  expires_at: '2026-12-05T12:00:00Z',
};

const ended = (item: number): EndOf => ({
  item,
  end: { state: 'succeeded', status: 200, charged: 100, cache: 'MISS', source: 'vies', answer: {} },
});

/** A database whose one (prepared) statement ended `items`, recording what it was sent. */
function dbEnding(items: number[] | null) {
  const sent: unknown[][] = [];
  const master = {
    query: async ({ values }: { values: unknown[] }) => {
      sent.push(values);
      return { rows: items === null ? [] : [{ ...JOB, ended_items: items }] };
    },
  };
  return { db: { driver: { master } } as unknown as DataSource, sent };
}

describe(endItems.name, () => {
  it('should give the job to the askers whose items the statement ended, null to the rest', async () => {
    const { db } = dbEnding([1, 3]);
    const rows = await endItems(db, JOB.id, [ended(1), ended(2), ended(3)]);
    expect(rows.map((row) => row?.succeeded ?? null)).toEqual([2, null, 2]);
  });

  it('should send an item that came twice once: the first of them ends it', async () => {
    const { db, sent } = dbEnding([4]);
    const first = ended(4);
    const second: EndOf = { item: 4, end: { ...first.end, state: 'failed', status: 503 } };
    const rows = await endItems(db, JOB.id, [first, second]);
    expect(JSON.parse(sent[0][1] as string)).toEqual([
      expect.objectContaining({ item: 4, state: 'succeeded' }),
    ]);
    expect(sent[0][2]).toEqual([4]);
    expect(rows[0]).not.toBeNull();
    expect(rows[1]).toBeNull();
  });

  it('should answer null to all when no item was pending any more', async () => {
    const { db } = dbEnding(null);
    expect(await endItems(db, JOB.id, [ended(1), ended(2)])).toEqual([null, null]);
  });
});
