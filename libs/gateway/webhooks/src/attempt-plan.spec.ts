import type { DeliveryOutcome } from '@nl/platform-webhooks';
import { attemptResult } from './attempt-plan.js';

const FIRST = new Date('2026-11-28T12:00:00.000Z');
const at = (ms: number) => new Date(FIRST.getTime() + ms);
const facts = (ms: number) => ({ messageId: 'msg_x', attemptedAt: at(ms), durationMs: 20 });
const failed = (ms: number, status = 500): DeliveryOutcome => ({
  ...facts(ms),
  outcome: 'http_error',
  status,
  body: '',
});

describe(attemptResult.name, () => {
  it('should settle a delivery as delivered, with its status in the log', () => {
    const sut = attemptResult(
      { ...facts(0), outcome: 'delivered', status: 204, body: '' },
      1,
      FIRST,
    );
    expect(sut).toMatchObject({
      state: 'delivered',
      nextAttemptAt: null,
      status: 204,
      error: null,
    });
    expect(sut.record).toEqual({
      at: FIRST.toISOString(),
      outcome: 'delivered',
      status: 204,
      ms: 20,
    });
  });

  it('should give up on a 4xx the receiver means, and on a refused address', () => {
    expect(attemptResult(failed(0, 410), 1, FIRST)).toMatchObject({
      state: 'failed',
      error: 'HTTP 410',
    });
    const refused: DeliveryOutcome = {
      ...facts(0),
      outcome: 'refused',
      reason: 'private_address',
      error: '10.0.0.1 is a private address',
    };
    expect(attemptResult(refused, 1, FIRST)).toMatchObject({
      state: 'failed',
      status: null,
      error: 'private_address: 10.0.0.1 is a private address',
    });
  });

  it('should schedule the real waits at scale 1: about 5 s, then 5 min', () => {
    const second = attemptResult(failed(0), 1, FIRST).nextAttemptAt as Date;
    expect(second.getTime() - FIRST.getTime()).toBeGreaterThanOrEqual(0.9 * 5_000);
    expect(second.getTime() - FIRST.getTime()).toBeLessThanOrEqual(1.1 * 5_000 + 20);
    const third = attemptResult(failed(5_000), 2, FIRST).nextAttemptAt as Date;
    expect(third.getTime() - at(5_000).getTime()).toBeGreaterThanOrEqual(0.9 * 300_000);
  });

  it('should shrink every wait and the window by the scale', () => {
    const second = attemptResult(failed(0), 1, FIRST, 0.001).nextAttemptAt as Date;
    expect(second.getTime() - FIRST.getTime()).toBeGreaterThanOrEqual(4);
    expect(second.getTime() - FIRST.getTime()).toBeLessThanOrEqual(6 + 20);
    const third = attemptResult(failed(30), 2, FIRST, 0.001).nextAttemptAt as Date;
    expect(third.getTime() - at(30).getTime()).toBeGreaterThanOrEqual(270);
    expect(third.getTime() - at(30).getTime()).toBeLessThanOrEqual(350);
    // The 24-hour window is 86.4 s at a thousandth: an attempt past it is the last.
    expect(attemptResult(failed(86_400), 7, FIRST, 0.001)).toMatchObject({
      state: 'failed',
      nextAttemptAt: null,
    });
  });

  it("should wait at least a 429's Retry-After, scaled too", () => {
    const limited: DeliveryOutcome = {
      ...failed(0, 429),
      retryAfterMs: 600_000,
    } as DeliveryOutcome;
    const next = attemptResult(limited, 1, FIRST, 0.001).nextAttemptAt as Date;
    expect(next.getTime() - FIRST.getTime()).toBeGreaterThanOrEqual(600);
  });

  it('should name the Location of a redirect it did not follow', () => {
    const moved = { ...failed(0, 302), location: 'http://10.0.0.1/' } as DeliveryOutcome;
    expect(attemptResult(moved, 1, FIRST)).toMatchObject({
      state: 'pending',
      status: 302,
      error: 'HTTP 302, Location: http://10.0.0.1/',
    });
  });
});
