import { booksReport, checkBooks } from './support/books.js';
import { FAULTS } from './support/faults.js';
import { Harness, settingsFromEnv } from './support/harness.js';
import { judge } from './support/judge.js';
import { closeBooks } from './support/ledger.js';
import { faultReport } from './support/report.js';
import { runFault, type FaultRun } from './support/runner.js';

/**
 * Issue 8: the distributed profile (gateway → NATS → cbs | validation | rdw, Postgres, Redis)
 * under a steady load while its infrastructure fails, one fault after another. The tests share
 * one running system and one load, so they run in order and each starts where the last ended.
 * Every fault prints its report; the last test checks the credit ledger against what the
 * callers were told.
 */
describe('infrastructure faults under steady load', () => {
  const harness = new Harness();
  const runs: FaultRun[] = [];

  beforeAll(() => harness.start(settingsFromEnv()), 180_000);
  afterAll(() => harness.close(), 60_000);

  for (const fault of FAULTS) {
    it(`(${fault.key}) should ride out: ${fault.title}`, async () => {
      const run = await runFault(harness, fault);
      runs.push(run);
      const verdict = judge(harness.running.load.outcomes, run);
      process.stdout.write(`${faultReport(harness, run, verdict)}\n`);
      expect(verdict.violations).toEqual([]);
    });
  }

  it('should charge every answer as the ledger says and leave no reservation open', async () => {
    const { load, servers, account } = harness.running;
    await load.pause();
    const ledger = await closeBooks(servers.postgres.url, account.accountId);
    const { groups, violations } = checkBooks(load.outcomes, ledger, runs);
    process.stdout.write(`${booksReport(ledger, groups)}\n`);
    expect(violations).toEqual([]);
  });
});
