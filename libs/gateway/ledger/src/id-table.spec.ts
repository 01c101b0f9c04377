import { newChargeId } from './charge-id.js';
import { IdTable } from './id-table.js';

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Checks every way of reading `table` against `model`. */
function expectSame(table: IdTable<number>, model: Map<string, number>): void {
  expect(table.size).toBe(model.size);
  expect(new Map(table.entries())).toEqual(model);
  expect(new Set(table.keys())).toEqual(new Set(model.keys()));
  expect([...table.values()].sort((a, b) => a - b)).toEqual(
    [...model.values()].sort((a, b) => a - b),
  );
  for (const [id, value] of model) expect(table.get(id)).toBe(value);
}

describe('IdTable', () => {
  it('should keep, replace and delete values by id', () => {
    const table = new IdTable<string>();
    const [a, b] = [newChargeId(), newChargeId()];
    table.set(a, 'one');
    table.set(b, 'two');
    table.set(a, 'three');
    expect(table.get(a)).toBe('three');
    expect(table.has(b)).toBe(true);
    expect(table.size).toBe(2);
    expect(table.delete(a)).toBe(true);
    expect(table.delete(a)).toBe(false);
    expect(table.get(a)).toBeUndefined();
    expect(table.has(a)).toBe(false);
    expect([...table.entries()]).toEqual([[b, 'two']]);
  });

  it.each([
    ['charge ids', (i: number) => (i % 3 ? newChargeId() : `${i}`), 2_500],
    // The same last eight characters: every id has the same home slot, one long run to shift.
    ['ids that all collide', (i: number) => `${i}-same-end`, 700],
  ])(
    'should agree with a Map through random sets and deletes, growth and shrinking (%s)',
    (_, idOf, burst) => {
      const next = random(17);
      const table = new IdTable<number>();
      const model = new Map<string, number>();
      const made: string[] = [];
      // Three phases: a steady load, a burst past a growth (half of 1,024 slots), the fall after it.
      for (const [steps, live] of [
        [3_000, 40],
        [2 * burst, burst],
        [2 * burst, 10],
      ]) {
        for (let step = 0; step < steps; step++) {
          const add = model.size < live ? next() < 0.8 : next() < 0.2;
          if (add || !made.length) {
            const id = idOf(made.length);
            made.push(id);
            table.set(id, step);
            model.set(id, step);
          } else {
            // Mostly ids that are there, sometimes one deleted before (a no-op in both).
            const id = made[Math.floor(next() * made.length)];
            expect(table.delete(id)).toBe(model.delete(id));
          }
        }
        expectSame(table, model);
      }
      for (const id of made) expect(table.has(id)).toBe(model.has(id));
    },
  );

  it('should shrink back after a burst and then keep working', () => {
    const table = new IdTable<number>();
    const ids = Array.from({ length: 5_000 }, () => newChargeId());
    ids.forEach((id, i) => table.set(id, i));
    for (const id of ids.slice(0, 4_990)) table.delete(id);
    expect(table.size).toBe(10);
    expect(ids.slice(4_990).map((id) => table.get(id))).toEqual(
      Array.from({ length: 10 }, (_, i) => 4_990 + i),
    );
    const later = newChargeId();
    table.set(later, -1);
    expect(table.get(later)).toBe(-1);
    expect(table.size).toBe(11);
  });
});
