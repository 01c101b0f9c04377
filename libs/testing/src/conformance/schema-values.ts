import RandExp from 'randexp';
import type { Prng } from '../fuzz/prng.js';

/** The JSON Schema keywords of one parameter or body member that the values follow. */
export interface ValueSchema {
  readonly type?: 'string' | 'integer' | 'number' | 'boolean';
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** A value that breaks one keyword of a schema (and maybe others on the way). */
export interface Spoiled {
  readonly keyword: string;
  readonly value: unknown;
}

/** Code points, as JSON Schema counts a string's length. */
const lengthOf = (text: string) => [...text].length;

/** Whether `value` meets every keyword (numbers and booleans as themselves, not their text). */
export function fits(schema: ValueSchema, value: unknown): boolean {
  if (schema.enum && !schema.enum.includes(value)) return false;
  switch (schema.type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
    case 'number':
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (schema.type === 'number' || Number.isInteger(value)) &&
        (schema.minimum === undefined || value >= schema.minimum) &&
        (schema.maximum === undefined || value <= schema.maximum)
      );
    default:
      return (
        typeof value === 'string' &&
        (schema.minLength === undefined || lengthOf(value) >= schema.minLength) &&
        (schema.maxLength === undefined || lengthOf(value) <= schema.maxLength) &&
        (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value))
      );
  }
}

const generators = new Map<string, RandExp>();

/** A text the pattern matches, drawn by randexp with the case's generator. */
function fromPattern(pattern: string, rng: Prng): string {
  let generator = generators.get(pattern);
  if (!generator) {
    generator = new RandExp(new RegExp(pattern, 'u'));
    // Letters beyond ASCII too, so free text is not only ASCII; runs stay short.
    generator.defaultRange.add(0xa0, 0x24f);
    generator.max = 12;
    generators.set(pattern, generator);
  }
  generator.randInt = (from, to) => rng.int(from, to);
  return generator.gen();
}

function number(schema: ValueSchema, rng: Prng): number {
  const min = schema.minimum ?? -1_000;
  const max = schema.maximum ?? 1_000;
  const roll = rng.next();
  if (roll < 0.15) return min;
  if (roll < 0.3) return max;
  if (schema.type === 'integer') return rng.int(Math.ceil(min), Math.floor(max));
  const value = min + rng.next() * (max - min);
  return rng.chance(0.3) ? Math.round(value) : Number(value.toFixed(rng.int(1, 8)));
}

/**
 * A value the schema allows: from its enum, its bounds, or its pattern (drawn until one also
 * meets the lengths). Throws when no draw fits: the schema says something the drawing cannot.
 */
export function validValue(schema: ValueSchema, rng: Prng): unknown {
  if (schema.enum?.length) return rng.pick(schema.enum);
  if (schema.type === 'boolean') return rng.chance(0.5);
  if (schema.type === 'integer' || schema.type === 'number') return number(schema, rng);
  for (let tries = 0; tries < 500; tries++) {
    const text = schema.pattern
      ? fromPattern(schema.pattern, rng)
      : rng.string(rng.int(schema.minLength ?? 0, Math.min(schema.maxLength ?? 12, 12)));
    if (fits(schema, text)) return text;
  }
  throw new Error(`no value drawn fits ${JSON.stringify(schema)}`);
}

const HOSTILE = ['!', ' ', '-', '.', 'é', '/', '0', 'Z', '%', '\t', '😀'];

/** `text` with one character inserted, replaced or dropped somewhere. */
function mutate(text: string, rng: Prng): string {
  const chars = [...text];
  const at = rng.int(0, chars.length);
  const roll = rng.next();
  if (roll < 0.4 || chars.length === 0) chars.splice(at, 0, rng.pick(HOSTILE));
  else if (roll < 0.8) chars.splice(Math.min(at, chars.length - 1), 1, rng.pick(HOSTILE));
  else chars.splice(Math.min(at, chars.length - 1), 1);
  return chars.join('');
}

/**
 * Values that each break one keyword of the schema: a text the pattern refuses, one too short
 * or too long, a number out of range or not whole, something outside the enum, a value of
 * another type. `asText`: the value travels as text (a query parameter), so a wrong type is a
 * text that is not a number or boolean; in a JSON body it is a value of another JSON type.
 */
export function spoiledValues(schema: ValueSchema, rng: Prng, asText: boolean): Spoiled[] {
  const out: Spoiled[] = [];
  const valid = () => validValue(schema, rng);
  if (schema.enum) {
    const first = String(schema.enum[0]);
    for (const value of [
      `${first}x`,
      first.toLowerCase() === first ? first.toUpperCase() : first.toLowerCase(),
    ])
      if (!schema.enum.includes(value)) out.push({ keyword: 'enum', value });
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    if (schema.minimum !== undefined)
      out.push({
        keyword: 'minimum',
        value: schema.minimum - (schema.type === 'integer' ? 1 : 0.5),
      });
    if (schema.maximum !== undefined)
      out.push({
        keyword: 'maximum',
        value: schema.maximum + (schema.type === 'integer' ? 1 : 0.5),
      });
    if (schema.type === 'integer') out.push({ keyword: 'type', value: (valid() as number) + 0.5 });
    out.push({ keyword: 'type', value: asText ? rng.pick(['abc', '', ' 1', '0x10', '1,5']) : '1' });
  }
  if (schema.type === 'boolean')
    out.push({ keyword: 'type', value: asText ? rng.pick(['yes', '1', 'TRUE', '']) : 'true' });
  if ((schema.type ?? 'string') === 'string') {
    if (!asText) out.push({ keyword: 'type', value: rng.pick([42, null, true, ['x'], { x: 1 }]) });
    if (schema.minLength)
      out.push({
        keyword: 'minLength',
        value: [...String(valid())].slice(0, schema.minLength - 1).join(''),
      });
    if (schema.maxLength !== undefined) {
      let text = String(valid());
      while (lengthOf(text) <= schema.maxLength) text += text || 'x';
      out.push({ keyword: 'maxLength', value: text });
    }
    if (schema.pattern) {
      const pattern = new RegExp(schema.pattern, 'u');
      for (let tries = 0, found = 0; tries < 50 && found < 2; tries++) {
        const text = mutate(String(valid()), rng);
        if (pattern.test(text)) continue;
        out.push({ keyword: 'pattern', value: text });
        found++;
      }
    }
  }
  return out.filter((s) => !fits(schema, s.value));
}
