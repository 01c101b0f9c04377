import { Ajv2020 } from 'ajv/dist/2020.js';
import { Prng } from '../fuzz/prng.js';
import type { ConformanceOperation, Member } from './operations.js';
import { spoiledValues, validValue } from './schema-values.js';

type Values = Record<string, unknown>;

/**
 * A vendor keyword of the object rules, and how to check it: the document says a rule JSON
 * Schema cannot (`x-in-netherlands`), so the run needs its meaning from the caller.
 */
export type VendorRule = (argument: unknown, values: Values) => boolean;

export interface ConformanceCase {
  readonly operation: ConformanceOperation;
  readonly expect: 'valid' | 'invalid';
  /** What the case is: `valid`, `pattern of q`, `missing code`, `unknown member`, `rules`. */
  readonly what: string;
  /** The one member a 400 must name, when one member was spoiled, left out or made up. */
  readonly field?: string;
  readonly values: Values;
}

export interface CaseOptions {
  readonly seed: number;
  /** Valid requests per operation. */
  readonly valid: number;
  readonly vendorRules: Readonly<Record<string, VendorRule>>;
}

/** A made-up member no operation has. */
export const UNKNOWN_MEMBER = 'zz_unknown';

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });

/** Checks the object rules and the vendor keywords among them; throws on a keyword not known. */
function rulesOf(operation: ConformanceOperation, vendor: CaseOptions['vendorRules']) {
  const rules = operation.rules ?? {};
  const check = ajv.compile(rules);
  const own = Object.entries(rules).filter(([key]) => key.startsWith('x-'));
  for (const [key] of own)
    if (!vendor[key]) throw new Error(`${operation.id}: the run does not know the rule ${key}`);
  return {
    json: (values: Values) => check(values) as boolean,
    vendor: (values: Values) => own.every(([key, argument]) => vendor[key](argument, values)),
  };
}

/** Object keywords that say which members go together. */
const COMBINING = ['dependentRequired', 'dependentSchemas', 'allOf', 'anyOf', 'oneOf', 'not'];

/** A path parameter the router would not even reach the operation with. */
const unroutable = (value: unknown) =>
  typeof value === 'string' &&
  (value === '' || value === '.' || value === '..' || /[/?#%]/.test(value));

/**
 * The cases of one operation: `valid` requests drawn from its schemas and rules, then, from a
 * valid request, each keyword of each member broken one at a time, each required member left
 * out, an unknown member added, and requests that break the object rules.
 */
export function casesOf(
  operation: ConformanceOperation,
  index: number,
  options: CaseOptions,
): ConformanceCase[] {
  const rules = rulesOf(operation, options.vendorRules);
  const rng = Prng.forCase(options.seed, index);
  const draw = (want: (values: Values) => boolean = () => true, ok = true): Values | undefined => {
    for (let tries = 0; tries < 400; tries++) {
      const values: Values = {};
      for (const member of operation.members)
        if (member.required || member.in === 'path' || rng.chance(0.5))
          values[member.name] = validValue(member.schema, rng);
      const fine = rules.json(values) && rules.vendor(values);
      if (fine === ok && want(values)) return values;
    }
    return undefined;
  };
  const cases: ConformanceCase[] = [];
  for (let i = 0; i < options.valid; i++) {
    const values = draw();
    if (!values) throw new Error(`${operation.id}: no valid request could be drawn`);
    cases.push({ operation, expect: 'valid', what: 'valid', values });
  }
  const spoil = (member: Member) => {
    const base = draw((values) => member.name in values);
    if (!base) return;
    for (const { keyword, value } of spoiledValues(member.schema, rng, member.in !== 'body')) {
      if (member.in === 'path' && unroutable(value)) continue;
      cases.push({
        operation,
        expect: 'invalid',
        what: `${keyword} of ${member.name}`,
        field: member.name,
        values: { ...base, [member.name]: value },
      });
    }
  };
  operation.members.forEach(spoil);
  const base = draw();
  for (const member of operation.members.filter((m) => m.required && m.in !== 'path')) {
    const values = { ...base };
    delete values[member.name];
    cases.push({
      operation,
      expect: 'invalid',
      what: `missing ${member.name}`,
      field: member.name,
      values,
    });
  }
  if (operation.rules) {
    // Invalid only where the document says so (additionalProperties or propertyNames).
    const values = { ...base, [UNKNOWN_MEMBER]: 'x' };
    const allowed = rules.json(values);
    cases.push({
      operation,
      expect: allowed ? 'valid' : 'invalid',
      what: 'unknown member',
      ...(!allowed && { field: UNKNOWN_MEMBER }),
      values,
    });
  }
  // Members each fine, together not: a pair without its partner, both alternatives, none.
  const broken = new Set<string>();
  const combines = Object.keys(operation.rules ?? {}).some(
    (key) => COMBINING.includes(key) || key.startsWith('x-'),
  );
  for (let i = 0; combines && i < 20 && broken.size < 4; i++) {
    const values = draw(() => true, false);
    const key = values && Object.keys(values).sort().join(',');
    if (!values || !key || broken.has(key)) continue;
    broken.add(key);
    cases.push({ operation, expect: 'invalid', what: `rules (${key})`, values });
  }
  return cases;
}
