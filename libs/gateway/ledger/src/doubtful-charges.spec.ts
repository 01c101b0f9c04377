import { jest } from '@jest/globals';
import { runWithRequestId } from '@nl/platform-context';
import { createLogger } from '@nl/platform-logging';
import { Writable } from 'node:stream';
import type { CreditsService } from './credits.service.js';
import { DoubtfulCharges } from './doubtful-charges.js';

/** A logger whose lines the test reads back (unit specs stay off the testing lib). */
function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return {
    logger: createLogger({ service: 'test', level: 'info', destination }),
    lines: () => lines,
  };
}

describe(DoubtfulCharges.name, () => {
  let sut: DoubtfulCharges | undefined;
  afterEach(() => sut?.onApplicationShutdown());

  /** Real timers: a fake clock runs a timer's callback in the context of whoever advances it. */
  async function undone(charges: DoubtfulCharges): Promise<void> {
    for (let waited = 0; charges.size && waited < 10_000; waited += 25)
      await new Promise((resolve) => setTimeout(resolve, 25));
  }

  it('should undo each charge in the context of the call it was for, not of the first one', async () => {
    const logs = captureLogs();
    const mocks = {
      credits: {
        undo: jest.fn(async (chargeId: string) => {
          logs.logger.info({ chargeId }, 'undo statement');
          return 'refund';
        }),
      },
    };
    sut = new DoubtfulCharges(mocks.credits as unknown as CreditsService, logs.logger);
    const charges = sut;
    // The first call starts the retry timer; the second's charge is undone by the same timer.
    runWithRequestId('req-first', () => charges.add('charge-1'));
    runWithRequestId('req-second', () => charges.add('charge-2'));
    await undone(charges);

    const lines = logs
      .lines()
      .map(({ msg, chargeId, requestId }) => ({ msg, chargeId, requestId }));
    expect(lines).toEqual([
      expect.objectContaining({ chargeId: 'charge-1', requestId: 'req-first' }),
      expect.objectContaining({ chargeId: 'charge-2', requestId: 'req-second' }),
      { msg: 'undo statement', chargeId: 'charge-1', requestId: 'req-first' },
      { msg: 'undid a charge of unknown outcome', chargeId: 'charge-1', requestId: 'req-first' },
      { msg: 'undo statement', chargeId: 'charge-2', requestId: 'req-second' },
      { msg: 'undid a charge of unknown outcome', chargeId: 'charge-2', requestId: 'req-second' },
    ]);
  });

  it('should name no request for a charge added outside any', async () => {
    const logs = captureLogs();
    const mocks = { credits: { undo: jest.fn(async () => 'release') } };
    sut = new DoubtfulCharges(mocks.credits as unknown as CreditsService, logs.logger);
    runWithRequestId('req-first', () => sut?.add('charge-1'));
    sut.add('charge-2');
    await undone(sut);
    const undid = logs.lines().filter((l) => l.msg === 'undid a charge of unknown outcome');
    expect(undid.map((l) => [l.chargeId, l.requestId])).toEqual([
      ['charge-1', 'req-first'],
      ['charge-2', undefined],
    ]);
  });
});
