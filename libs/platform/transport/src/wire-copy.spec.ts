import { wireCopy } from './wire-copy.js';

/** What the wire does: the reference the copy must match exactly. */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

class Point {
  constructor(
    readonly x: number,
    readonly y?: number,
  ) {}
  get norm() {
    return Math.hypot(this.x, this.y ?? 0);
  }
  move() {
    return this;
  }
}

class Money {
  constructor(readonly cents: number) {}
  toJSON(key: string) {
    return { eur: this.cents / 100, key };
  }
}

class WithHidden {
  visible = 1;
  constructor() {
    Object.defineProperty(this, 'hidden', { value: 2, enumerable: false });
    (this as unknown as Record<symbol, number>)[Symbol('s')] = 3;
  }
}

const holes: unknown[] = [1, , 3]; // eslint-disable-line no-sparse-arrays
const withExtra = Object.assign([1, 2], { extra: 'ignored' });
const shared = { n: 1 };
const nullProto = Object.assign(Object.create(null) as object, { a: 1, b: [2] });

const SHAPES: [string, unknown][] = [
  ['a string', 'text with "quotes" and \u2028 and \ud800 alone'],
  ['numbers', [0, -0, 1.5, -3e300, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity]],
  ['booleans and null', [true, false, null]],
  ['a Date', new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6))],
  ['an invalid Date', { when: new Date(NaN) }],
  ['Dates nested', { a: [new Date(0), { b: new Date(86_400_000) }] }],
  ['undefined in an object and in an array', { a: undefined, b: [undefined, 1], c: 2 }],
  ['functions and symbols', { f: () => 1, s: Symbol('x'), list: [() => 1, Symbol('y')] }],
  ['an array with holes', holes],
  ['an array with extra properties', withExtra],
  ['class instances, nested', { p: new Point(3, 4), list: [new Point(1)] }],
  ['toJSON with its key', { price: new Money(250), list: [new Money(1)] }],
  ['toJSON on the root', new Money(99)],
  ['toJSON giving undefined in an object', { a: { toJSON: () => undefined }, b: 1 }],
  ['non-enumerable and symbol keys', new WithHidden()],
  ['boxed primitives', [Object(1), Object('s'), Object(false), { n: Object(NaN) }]],
  ['a shared reference', { a: shared, b: shared, list: [shared, shared] }],
  ['integer-like keys first, then insertion order', { b: 1, 2: 'two', a: 2, 1: 'one' }],
  ['a __proto__ key', JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')],
  ['a null-prototype object', nullProto],
  ['a Map and a Set', { m: new Map([[1, 2]]), s: new Set([1]) }],
  ['a Buffer', Buffer.from('hi')],
  ['a typed array', new Uint8Array([1, 2])],
  ['an error', { err: new Error('x') }],
  ['a getter', Object.defineProperty({}, 'g', { get: () => 7, enumerable: true })],
  ['deep nesting', { a: { b: { c: { d: { e: [[[{ f: 'g' }]]] } } } } }],
  ['an empty object and array', { o: {}, a: [] }],
  ['a reply envelope', { data: { found: true }, meta: { cache: 'hit', fetchedAt: 'x' } }],
];

describe(wireCopy.name, () => {
  it.each(SHAPES)('should copy %s exactly as JSON does', (_name, value) => {
    const sut = wireCopy(value);
    expect(sut).toStrictEqual(viaJson(value));
    expect(JSON.stringify(sut)).toBe(JSON.stringify(value));
  });

  it('should keep -0 out, as JSON writes it as 0', () => {
    expect(Object.is(wireCopy(-0), 0)).toBe(true);
    expect(Object.is((wireCopy([-0]) as number[])[0], 0)).toBe(true);
  });

  it('should give plain objects and arrays, never the originals', () => {
    const value = { p: new Point(1, 2), list: [shared] };
    const sut = wireCopy(value);
    expect(Object.getPrototypeOf(sut.p)).toBe(Object.prototype);
    expect(sut.list[0]).not.toBe(shared);
    expect(sut.list).not.toBe(value.list);
  });

  it('should copy a shared reference twice, as two objects', () => {
    const sut = wireCopy({ a: shared, b: shared });
    expect(sut.a).toEqual(sut.b);
    expect(sut.a).not.toBe(sut.b);
  });

  it('should make __proto__ an own property, not the prototype', () => {
    const sut = wireCopy(JSON.parse('{"__proto__": {"polluted": true}}') as object);
    expect(Object.getPrototypeOf(sut)).toBe(Object.prototype);
    expect(Object.keys(sut)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('should throw on a cycle, as JSON does', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => viaJson(cyclic)).toThrow(TypeError);
    expect(() => wireCopy(cyclic)).toThrow(TypeError);
    const inArray: unknown[] = [];
    inArray.push([inArray]);
    expect(() => wireCopy(inArray)).toThrow(/circular/);
  });

  it('should throw on a BigInt, as JSON does', () => {
    expect(() => wireCopy({ n: 1n })).toThrow(TypeError);
    expect(() => wireCopy([Object(1n)])).toThrow(TypeError);
  });

  it('should pass undefined through and throw for a root JSON cannot write', () => {
    expect(wireCopy(undefined)).toBeUndefined();
    expect(() => viaJson(() => 1)).toThrow(SyntaxError);
    expect(() => wireCopy(() => 1)).toThrow(SyntaxError);
  });

  it('should copy random trees exactly as JSON does', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) as number;
    const leaves = [1, -0, NaN, 'x', true, null, undefined, new Date(0), () => 1, new Point(2)];
    const tree = (depth: number): unknown => {
      if (depth === 0 || random() < 0.3) return leaves[Math.floor(random() * leaves.length)];
      const size = Math.floor(random() * 4);
      const children = Array.from({ length: size }, () => tree(depth - 1));
      return random() < 0.5
        ? children
        : Object.fromEntries(children.map((child, i) => [`k${i}`, child]));
    };
    for (let i = 0; i < 300; i++) {
      const value = { root: tree(6) };
      expect(wireCopy(value)).toStrictEqual(viaJson(value));
    }
  });
});
