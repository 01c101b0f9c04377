/**
 * What a NATS round trip does to a value, `JSON.parse(JSON.stringify(value))`, without building the
 * text in between: the in-process transport copies every message and reply with it, and the string
 * round trip was the largest single cost of a cached call (the in-process bus must copy like the
 * wire, so that no bug hides in one profile). Same semantics as the JSON pair, rule by rule
 * (ECMA-262 SerializeJSONProperty): `toJSON` is honoured (Dates become ISO strings), boxed
 * primitives are unboxed, non-finite numbers become null, -0 becomes 0, `undefined`, functions and
 * symbols are dropped from objects and become null in arrays (so do holes), class instances become
 * plain objects of their own enumerable string keys, a value shared twice becomes two copies, a
 * cycle or a BigInt throws a TypeError.
 */
export function wireCopy<T>(value: T): T {
  if (value === undefined) return value;
  const copy = copyProperty(value, '', []);
  // JSON.stringify answers undefined here (a function, a symbol, a toJSON giving undefined), and
  // JSON.parse(undefined) throws: so does the copy.
  if (copy === OMIT) throw new SyntaxError('"undefined" is not valid JSON');
  return copy as T;
}

/** A property JSON.stringify leaves out (or writes as null in an array). */
const OMIT = Symbol('omit');

/** `key` is the property name `toJSON` gets (an array index as a number, made text only then). */
function copyProperty(input: unknown, key: string | number, stack: object[]): unknown {
  let value = input;
  const type = typeof value;
  if ((type === 'object' && value !== null) || type === 'function' || type === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, String(key));
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON has no NaN or Infinity, and writes -0 as 0.
      return Number.isFinite(value) ? value + 0 : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      if (value === null) return null;
      return copyObject(value, stack);
    default:
      // undefined, functions and symbols.
      return OMIT;
  }
}

function copyObject(value: object, stack: object[]): unknown {
  const isArray = Array.isArray(value);
  if (!isArray) {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      // Boxed primitives are written as their primitive value.
      if (value instanceof Number) return copyProperty(Number(value), '', stack);
      if (value instanceof String) return String(value);
      if (value instanceof Boolean) return value.valueOf();
      if (typeof BigInt === 'function' && value instanceof BigInt) {
        throw new TypeError('Do not know how to serialize a BigInt');
      }
    }
  }
  if (stack.includes(value)) throw new TypeError('Converting circular structure to JSON');
  stack.push(value);
  const out = isArray ? copyArray(value, stack) : copyPlain(value, stack);
  stack.pop();
  return out;
}

function copyArray(value: readonly unknown[], stack: object[]): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    // Text needs no copy: the common case, without a call.
    if (typeof item === 'string') out.push(item);
    else {
      const copy = copyProperty(item, i, stack);
      out.push(copy === OMIT ? null : copy);
    }
  }
  return out;
}

function copyPlain(value: object, stack: object[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const item = (value as Record<string, unknown>)[key];
    const copy = typeof item === 'string' ? item : copyProperty(item, key, stack);
    if (copy === OMIT) continue;
    // JSON.parse makes `__proto__` an own property; an assignment would set the prototype.
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: copy,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[key] = copy;
  }
  return out;
}
