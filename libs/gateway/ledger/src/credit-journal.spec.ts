import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closingLine, CreditJournal, deliveredLine } from './credit-journal.js';
import type { Closing } from './closing.js';

const closing = (keyId: string | undefined, requestId: string): Closing => ({
  hold: {
    chargeId: '5f0c6a55-8f43-4c1b-9d6e-0d7a6f1b2c3d',
    accountId: '0b7e6a3c-1d2e-4f50-8a9b-7c6d5e4f3a2b',
    ...(keyId !== undefined && { keyId }),
    amount: 20,
    endpoint: 'cbs.sbi.lookup',
    requestId,
    at: new Date('2026-11-27T10:00:00.123Z'),
    day: '2026-11-27',
  },
  kind: 'settle',
  charged: 10,
  at: new Date('2026-11-27T10:00:00.456Z'),
});

describe('CreditJournal', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'nl-journal-unit-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should read back what a crashed run wrote, closings and delivery marks in order, leaving out a torn last line', () => {
    const capped = closing('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'req-1');
    const odd = { ...closing(undefined, 'a "quoted" \\ id'), kind: 'release', charged: 0 } as const;
    const kept = { ...closing(undefined, 'batch-item'), answerKept: true } as const;
    writeFileSync(
      join(dir, '3.jsonl'),
      closingLine(capped) +
        deliveredLine(['x', 'y']) +
        closingLine(odd) +
        closingLine(kept) +
        closingLine(capped).slice(0, 30),
    );
    const journal = new CreditJournal(dir);
    expect(journal.readCrashed()).toEqual([
      { closing: capped },
      { delivered: ['x', 'y'] },
      { closing: odd },
      { closing: kept },
    ]);
    journal.dropCrashed();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('should write after the crashed segments, and drop only its own sealed ones', async () => {
    writeFileSync(join(dir, '7.jsonl'), closingLine(closing(undefined, 'old')));
    const journal = new CreditJournal(dir);
    const append = (text: string) =>
      new Promise<void>((resolve, reject) =>
        journal.appendLater(Buffer.from(text), (error) => (error ? reject(error) : resolve())),
      );
    await append(closingLine(closing(undefined, 'a')));
    const sealed = journal.seal();
    await append(closingLine(closing(undefined, 'b')));
    expect(readdirSync(dir).sort()).toEqual(['7.jsonl', '8.jsonl', '9.jsonl']);
    journal.drop(sealed);
    expect(readdirSync(dir).sort()).toEqual(['7.jsonl', '9.jsonl']);
    // The segment being written is never dropped, nor a crashed run's.
    journal.drop(Number.MAX_SAFE_INTEGER);
    expect(readdirSync(dir).sort()).toEqual(['7.jsonl', '9.jsonl']);
    expect(journal.readCrashed()).toHaveLength(1);
  });
});
