import type { ZoneAccessRule } from '@nl/contracts-ndw';
import { toAccessRule } from '../upstream/emissionzones/emissionzones.mapper.js';
import type { ZoneCondition } from '../upstream/emissionzones/emissionzones.types.js';

/** What the registry tells about a vehicle, as the rules need it. */
export interface VehicleFacts {
  /** EU category, upper case: `N1`, `N2`, `N3`, `M1`, …; null when unknown. */
  readonly category: string | null;
  /** RDW fuel descriptions, lower case: `diesel`, `benzine`, `elektriciteit`, `waterstof`, … */
  readonly fuels: readonly string[];
  readonly euroClass: number | null;
  /** `YYYY-MM-DD`. */
  readonly firstAdmission: string | null;
}

export interface AccessVerdict {
  readonly allowed: boolean | null;
  readonly rule: ZoneAccessRule | null;
  readonly reason: string;
}

type Truth = boolean | null;

/** DATEX fuel types against RDW's fuels; a zero-emission fuel only when nothing else burns. */
function fuelMatches(fuel: string, fuels: readonly string[]): Truth {
  if (fuels.length === 0) return null;
  const has = (f: string) => fuels.includes(f);
  switch (fuel) {
    case 'battery':
      return fuels.every((f) => f === 'elektriciteit');
    case 'hydrogen':
      return has('waterstof') && fuels.every((f) => f === 'waterstof' || f === 'elektriciteit');
    case 'diesel':
      return has('diesel');
    case 'petrol':
      return has('benzine');
    case 'lpg':
      return has('lpg');
    default:
      return null;
  }
}

function ageYears(firstAdmission: string, now: Date): number {
  const from = new Date(`${firstAdmission}T00:00:00Z`);
  let years = now.getUTCFullYear() - from.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < from.getUTCMonth() ||
    (now.getUTCMonth() === from.getUTCMonth() && now.getUTCDate() < from.getUTCDate());
  if (beforeBirthday) years -= 1;
  return years;
}

function compare(operator: string, left: number, right: number): Truth {
  if (operator === 'greaterThanOrEqualTo') return left >= right;
  if (operator === 'greaterThan') return left > right;
  if (operator === 'lessThan') return left < right;
  if (operator === 'lessThanOrEqualTo') return left <= right;
  if (operator === 'equalTo') return left === right;
  return null;
}

const and = (values: Truth[]): Truth =>
  values.includes(false) ? false : values.includes(null) ? null : true;
const or = (values: Truth[]): Truth =>
  values.includes(true) ? true : values.includes(null) ? null : false;

/**
 * Three-valued: null when the vehicle lacks a fact the condition needs. Characteristics no
 * registry shows (special-purpose vehicles, resident permits) are false: not assumed.
 */
export function evaluate(c: ZoneCondition, v: VehicleFacts, now: Date): Truth {
  switch (c.kind) {
    case 'set': {
      const values = c.conditions.map((x) => evaluate(x, v, now));
      const value = c.operator === 'or' ? or(values) : and(values);
      return c.negate && value !== null ? !value : value;
    }
    case 'validity':
      return (
        (!c.from || Date.parse(c.from) <= now.getTime()) &&
        (!c.until || now.getTime() < Date.parse(c.until))
      );
    case 'location':
      return true;
    case 'vehicle': {
      const parts: Truth[] = [];
      if (c.category)
        parts.push(v.category === null ? null : v.category.toLowerCase() === c.category);
      if (c.fuel) parts.push(fuelMatches(c.fuel, v.fuels));
      if (c.euro) parts.push(v.euroClass === null ? null : `euro${v.euroClass}` === c.euro);
      if (c.age)
        parts.push(
          v.firstAdmission
            ? compare(c.age.operator, ageYears(v.firstAdmission, now), c.age.years)
            : null,
        );
      if (c.other) parts.push(false);
      return and(parts);
    }
    default:
      return null;
  }
}

const day = (iso: string | null) => iso?.slice(0, 10) ?? null;

/**
 * May the vehicle enter? The zone's regulation (no entry) applies when its condition holds:
 * in force today, a restricted vehicle, and no exemption. The answer names the rule that
 * decided: the validity window, the restriction, or the exemption that applies.
 */
export function decideAccess(top: ZoneCondition | null, v: VehicleFacts, now: Date): AccessVerdict {
  if (!top)
    return { allowed: true, rule: null, reason: 'The zone publishes no access conditions.' };
  const parts =
    top.kind === 'set' && !top.negate && top.operator === 'and' ? top.conditions : [top];
  const results = parts.map((c) => ({ c, value: evaluate(c, v, now) }));
  const pick = (value: Truth) => {
    const hits = results.filter((r) => r.value === value);
    return (
      hits.find((r) => r.c.kind === 'validity') ??
      hits.find((r) => !(r.c.kind === 'set' && r.c.negate)) ??
      hits[0]
    );
  };
  const notApplying = pick(false);
  if (notApplying) {
    const c = notApplying.c;
    if (c.kind === 'validity')
      return {
        allowed: true,
        rule: toAccessRule(c, 'restriction'),
        reason: `The zone's rules are not in force today (${day(c.from) ?? 'always'} to ${day(c.until) ?? 'open end'}).`,
      };
    if (c.kind === 'set' && c.negate) {
      const exemption = c.conditions.find((x) => evaluate(x, v, now) === true) ?? c;
      const rule = toAccessRule(exemption, 'exemption');
      const until = rule.valid_until ? ` until ${day(rule.valid_until)}` : '';
      return { allowed: true, rule, reason: `Exempt${until}: ${rule.description}.` };
    }
    const rule = toAccessRule(c, 'restriction');
    return {
      allowed: true,
      rule,
      reason: `The zone restricts ${rule.description}; this vehicle is not one of them.`,
    };
  }
  const unknown = pick(null);
  if (unknown) {
    const c = unknown.c;
    const inner =
      c.kind === 'set' && c.negate
        ? (c.conditions.find((x) => evaluate(x, v, now) === null) ?? c)
        : c;
    const rule = toAccessRule(inner, c.kind === 'set' && c.negate ? 'exemption' : 'restriction');
    return {
      allowed: null,
      rule,
      reason: `The registry lacks a fact this rule needs: ${rule.description}.`,
    };
  }
  const restriction =
    parts.find((c) => c.kind === 'vehicle' || (c.kind === 'set' && !c.negate)) ?? top;
  const rule = toAccessRule(restriction, 'restriction');
  return {
    allowed: false,
    rule,
    reason: `The zone restricts ${rule.description} and no exemption applies.`,
  };
}
