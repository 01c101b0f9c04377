import { jest } from '@jest/globals';
import { CALLS_HOLD_MS } from '@nl/gateway-core';
import { BatchShare, SHARE_WINDOW_MS, START_LIMIT } from './batch-share.js';

const PERCENT = 40;
const CORES = 2;

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/**
 * A share of {@link PERCENT} over a clock of the test's: `window(used)` lets a window pass in which
 * the process used `used` percent of its {@link CORES} cores; `customers()` has a call start now.
 */
function shareWithClock() {
  let now = 10_000;
  let cpu = 0;
  let lastCall = -Infinity;
  const share = new BatchShare(PERCENT, (at) => at - lastCall < CALLS_HOLD_MS, {
    cpuMicros: () => cpu,
    now: () => now,
    cores: CORES,
  });
  const window = async (used: number) => {
    now += SHARE_WINDOW_MS;
    cpu += (used / 100) * SHARE_WINDOW_MS * 1000 * CORES;
    jest.advanceTimersByTime(SHARE_WINDOW_MS);
    await settle();
  };
  const customers = () => {
    lastCall = now;
  };
  /** Asks for `count` places; what came in is counted, and the ways out kept in order. */
  const enter = async (count: number) => {
    const leaves: (() => void)[] = [];
    for (let i = 0; i < count; i++) void share.enter().then((leave) => leaves.push(leave));
    await settle();
    return leaves;
  };
  /** A batch of `count` items under way alone: past its first window, no customer's call yet. */
  const runningAlone = async (count: number) => {
    const inside = await enter(count);
    await window(0);
    return inside;
  };
  return { share, window, customers, enter, runningAlone };
}

/** The first `count` of `inside` leave. */
async function leaveFirst(inside: (() => void)[], count: number) {
  for (const leave of inside.splice(0, count)) leave();
  await settle();
}

describe(BatchShare.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("should let every item in after a batch's first window while no customer's call came in, however busy the process", async () => {
    const { share, window, enter } = shareWithClock();
    const inside = await enter(30);
    expect(inside).toHaveLength(START_LIMIT);
    await window(95);
    expect(inside).toHaveLength(30);
    expect(await enter(30)).toHaveLength(30);
    share.stop();
  });

  it("should start a batch with a few items while customers' calls come in, and let the next in as one leaves", async () => {
    const { share, customers, enter } = shareWithClock();
    customers();
    const inside = await enter(START_LIMIT + 2);
    expect(inside).toHaveLength(START_LIMIT);
    inside[0]();
    inside[0](); // leaving twice gives one place back
    await settle();
    expect(inside).toHaveLength(START_LIMIT + 1);
    share.stop();
  });

  it("should start the next items from a few when customers' calls begin beside a batch running alone", async () => {
    const { share, customers, enter, runningAlone } = shareWithClock();
    const inside = await runningAlone(20);
    customers();
    const next = await enter(1);
    expect(next).toHaveLength(0);
    await leaveFirst(inside, 20 - START_LIMIT);
    expect(next).toHaveLength(0);
    inside[0]();
    await settle();
    expect(next).toHaveLength(1);
    share.stop();
  });

  it('should cut the items under way by a quarter above the share and grow them by a tenth well under it', async () => {
    const { share, window, customers, enter, runningAlone } = shareWithClock();
    const inside = await runningAlone(20);
    customers();
    await window(PERCENT + 20);
    // Limit 15: five of the twenty leave, and three more asking wait while fifteen are under way.
    await leaveFirst(inside, 5);
    const more = await enter(3);
    expect(more).toHaveLength(0);
    customers();
    await window(PERCENT / 2);
    // Limit 17: two of the three come in; between four fifths and the share it stays.
    expect(more).toHaveLength(2);
    customers();
    await window(PERCENT * 0.9);
    expect(more).toHaveLength(2);
    share.stop();
  });

  it('should keep one item under way however busy the customers keep the process', async () => {
    const { share, window, customers, enter } = shareWithClock();
    customers();
    const inside = await enter(START_LIMIT + 1);
    for (let i = 0; i < 6; i++) {
      customers();
      await window(99);
    }
    await leaveFirst(inside, START_LIMIT);
    expect(inside).toHaveLength(1);
    share.stop();
  });

  it("should let everyone waiting in once customers' calls stopped for a while", async () => {
    const { share, window, customers, enter } = shareWithClock();
    customers();
    const inside = await enter(START_LIMIT + 10);
    expect(inside).toHaveLength(START_LIMIT);
    for (let ms = 0; ms < CALLS_HOLD_MS; ms += SHARE_WINDOW_MS) await window(PERCENT * 2);
    expect(inside).toHaveLength(START_LIMIT + 10);
    share.stop();
  });
});
