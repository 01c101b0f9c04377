import { jest } from '@jest/globals';
import { CALLS_HOLD_MS, Foreground, LATE_LOOK_MS, MAX_HOLD_MS, STEP_GAP_MS } from './foreground.js';

/** The test's clock (performance.now), moved by hand; the timers are Jest's fake ones. */
let now = 1_000_000;

/** Parks `count` background steps; `started` lists, in order, those that have started. */
function park(foreground: Foreground, count: number) {
  const started: number[] = [];
  for (let i = 0; i < count; i++) void foreground.turn()?.then(() => started.push(i));
  return started;
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** Runs the next timer or immediate (one look of the release) at the clock as it stands. */
async function next() {
  jest.advanceTimersToNextTimer();
  await settle();
}

/** Lets `ms` pass a millisecond at a time, the timers due in each run. */
async function pass(ms: number) {
  for (let i = 0; i < ms; i++) {
    now += 1;
    jest.advanceTimersByTime(1);
    await settle();
  }
}

/** A Foreground with a call under way and `count` steps parked. */
function busy(count: number) {
  const foreground = new Foreground();
  foreground.begin();
  return { foreground, started: park(foreground, count) };
}

describe(Foreground.name, () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['performance'] });
    jest.spyOn(performance, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('should let background work start at once while no call has come in', () => {
    expect(new Foreground().turn()).toBeUndefined();
  });

  it('should start background steps one at a time, the gap apart, while a call is under way', async () => {
    const { started } = busy(3);
    await next();
    expect(started).toEqual([0]);
    now += STEP_GAP_MS - 1;
    await next();
    expect(started).toEqual([0]);
    now += 1;
    await next();
    expect(started).toEqual([0, 1]);
    now += STEP_GAP_MS;
    await next();
    expect(started).toEqual([0, 1, 2]);
  });

  it('should go on pacing steps for a while after the last call, then let them all go', async () => {
    const foreground = new Foreground();
    foreground.begin();
    foreground.end();
    // A call came in a moment ago: steps that ask now are paced.
    const started = park(foreground, 1_000);
    await pass(CALLS_HOLD_MS / 2);
    expect(started.length).toBeGreaterThan(CALLS_HOLD_MS / 2 / STEP_GAP_MS - 2);
    expect(started.length).toBeLessThanOrEqual(CALLS_HOLD_MS / 2 / STEP_GAP_MS + 1);
    // No call for CALLS_HOLD_MS: the rest go at once, and a step asking now starts at once.
    await pass(CALLS_HOLD_MS / 2 + STEP_GAP_MS);
    expect(started).toHaveLength(1_000);
    expect(foreground.turn()).toBeUndefined();
  });

  it('should start no background step right after a long turn while calls come in', async () => {
    const { started } = busy(2);
    await next();
    expect(started).toEqual([0]);
    // The next look comes more than LATE_LOOK_MS late: the loop was busy. It starts nothing ...
    now += STEP_GAP_MS + LATE_LOOK_MS + 1;
    await next();
    expect(started).toEqual([0]);
    // ... and the one after it, on time, does.
    now += 1;
    await next();
    expect(started).toEqual([0, 1]);
  });

  it('should start a background step after long turns once none started for a while', async () => {
    const { started } = busy(3);
    await next();
    const first = now;
    // Every look late: nothing starts until MAX_HOLD_MS have passed since the last step ...
    const lateLook = async () => {
      now += STEP_GAP_MS + LATE_LOOK_MS + 1;
      await next();
    };
    while (now + STEP_GAP_MS + LATE_LOOK_MS + 1 - first < MAX_HOLD_MS) await lateLook();
    expect(started).toEqual([0]);
    await lateLook();
    // ... then one does, and the next waits as long again.
    expect(started).toEqual([0, 1]);
    await lateLook();
    expect(started).toEqual([0, 1]);
  });
});
