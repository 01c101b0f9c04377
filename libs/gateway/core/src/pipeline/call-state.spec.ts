import { CallState, StateKey } from './call-state.js';

const COUNT = new StateKey<number>('count');
const NAME = new StateKey<string>('name');

describe(CallState.name, () => {
  it('should keep each key’s value apart, typed by its key', () => {
    const sut = new CallState();
    sut.set(COUNT, 3);
    sut.set(NAME, 'a');
    const count: number = sut.require(COUNT);
    expect([count, sut.get(NAME)]).toEqual([3, 'a']);
  });

  it('should answer undefined for an unset key, and refuse to require one', () => {
    const sut = new CallState();
    expect(sut.get(COUNT)).toBeUndefined();
    expect(() => sut.require(COUNT)).toThrow('call state "count" is read before');
  });

  it('should tell two keys of the same name apart', () => {
    const sut = new CallState();
    sut.set(new StateKey<number>('count'), 1);
    expect(sut.get(COUNT)).toBeUndefined();
  });
});
