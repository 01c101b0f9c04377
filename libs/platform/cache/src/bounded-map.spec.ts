import { BoundedMap } from './bounded-map.js';

describe(BoundedMap.name, () => {
  it('should forget the least recently written entry past its size', () => {
    const sut = new BoundedMap<string, number>(2);
    sut.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...sut.entries()]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});
