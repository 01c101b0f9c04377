import { jest } from '@jest/globals';
import { Foreground, LONG_TURN_MS, MAX_HOLD_MS } from './foreground.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Parks `count` background steps and records, per turn of the loop, how many have started. */
function park(foreground: Foreground, count: number) {
  const started: number[] = [];
  for (let i = 0; i < count; i++) void foreground.turn()?.then(() => started.push(i));
  return started;
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
    let now = 1_000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    const foreground = new Foreground();
    foreground.begin();
    const started = park(foreground, 2);
    now += LONG_TURN_MS + 1;
    await nextTurn();
    expect(started).toEqual([]);
    now += 1;
    await nextTurn();
    expect(started).toEqual([0]);
    // Once the calls have ended, the rest goes in the next turn, however long it was.
    foreground.end();
    now += LONG_TURN_MS * 10;
    await nextTurn();
    expect(started).toEqual([0, 1]);
  });

  it('should start a background step after long turns once none started for a while', async () => {
    let now = 1_000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    const foreground = new Foreground();
    foreground.begin();
    const started = park(foreground, 2);
    // Every turn long: nothing starts until MAX_HOLD_MS have passed since the last step ...
    for (let waited = 0; waited + 10 < MAX_HOLD_MS; waited += 10) {
      now += 10;
      await nextTurn();
    }
    expect(started).toEqual([]);
    now += 10;
    await nextTurn();
    // ... then one does, and the next waits as long again.
    expect(started).toEqual([0]);
    now += 10;
    await nextTurn();
    expect(started).toEqual([0]);
  });
});
