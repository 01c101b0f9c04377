import { newChargeId } from './charge-id.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The milliseconds in an id's first 48 bits. */
const msOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('newChargeId', () => {
  it('should make UUIDs of version 7 and RFC variant that carry the time in milliseconds', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 0, 123);
    const id = newChargeId(now + 1_000_000); // later than any id made before in this file
    expect(id).toMatch(UUID_V7);
    expect(msOf(id)).toBe(now + 1_000_000);
  });

  it('should make ids that sort in the order they were made, also many within one millisecond', () => {
    const at = Date.UTC(2030, 0, 1);
    // 5,000 ids in "one millisecond": past the 4,096 of the counter, the time moves on by one.
    const ids = Array.from({ length: 5_000 }, () => newChargeId(at));
    ids.push(newChargeId(at + 1), newChargeId(at + 5));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect(msOf(ids[0])).toBe(at);
    expect(msOf(ids[4_095])).toBe(at);
    expect(msOf(ids[4_096])).toBe(at + 1);
    expect(msOf(ids[ids.length - 1])).toBe(at + 5);
  });

  it('should never go back when the clock does', () => {
    const first = newChargeId(Date.UTC(2031, 0, 1));
    const second = newChargeId(Date.UTC(2020, 0, 1));
    expect(second > first).toBe(true);
  });

  it('should differ in its random bits between ids of the same millisecond and counter', () => {
    const tails = new Set(
      Array.from({ length: 1_000 }, () => newChargeId(Date.UTC(2032, 0, 1)).slice(19)),
    );
    expect(tails.size).toBe(1_000);
  });
});
