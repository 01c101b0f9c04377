import { jest } from '@jest/globals';
import { Foreground, LONG_TURN_MS, MAX_HOLD_MS } from './foreground.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Parks `count` background steps and records, per turn of the loop, how many have started. */
function park(foreground: Foreground, count: number) {
  const started: number[] = [];
  for (let i = 0; i < count; i++) void foreground.turn()?.then(() => started.push(i));
  return started;
}

/**
 * A Foreground with a call under way, two steps parked and a clock of the test's: `turnAfter(ms)`
 * moves the clock on and lets one turn of the loop pass.
 */
function busyWithClock() {
  let now = 1_000;
  jest.spyOn(performance, 'now').mockImplementation(() => now);
  const foreground = new Foreground();
  foreground.begin();
  const started = park(foreground, 2);
  const turnAfter = async (ms: number) => {
    now += ms;
    await nextTurn();
  };
  return { foreground, started, turnAfter };
}

describe(Foreground.name, () => {
  afterEach(() => jest.restoreAllMocks());

  it('should let background work start at once while no call is under way', () => {
    expect(new Foreground().turn()).toBeUndefined();
  });

  it('should let one background step start per turn of the loop while a call is under way', async () => {
    // Every turn quick (the clock stands still).
    jest.spyOn(performance, 'now').mockReturnValue(1_000);
    const foreground = new Foreground();
    foreground.begin();
    const started = park(foreground, 3);
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([0]);
    await nextTurn();
    expect(started).toEqual([0, 1]);
    // A step asking now queues behind those parked, even after the call ended.
    foreground.end();
    const late = foreground.turn();
    expect(late).toBeInstanceOf(Promise);
    await nextTurn();
    expect(started).toEqual([0, 1, 2]);
    await late;
    expect(foreground.turn()).toBeUndefined();
  });

  it('should start no background step right after a long turn while calls are under way', async () => {
    const { foreground, started, turnAfter } = busyWithClock();
    await turnAfter(LONG_TURN_MS + 1);
    expect(started).toEqual([]);
    await turnAfter(1);
    expect(started).toEqual([0]);
    // Once the calls have ended, the rest goes in the next turn, however long it was.
    foreground.end();
    await turnAfter(LONG_TURN_MS * 10);
    expect(started).toEqual([0, 1]);
  });

  it('should start a background step after long turns once none started for a while', async () => {
    const { started, turnAfter } = busyWithClock();
    // Every turn long: nothing starts until MAX_HOLD_MS have passed since the last step ...
    for (let waited = 0; waited + 10 < MAX_HOLD_MS; waited += 10) await turnAfter(10);
    expect(started).toEqual([]);
    await turnAfter(10);
    // ... then one does, and the next waits as long again.
    expect(started).toEqual([0]);
    await turnAfter(10);
    expect(started).toEqual([0]);
  });
});
