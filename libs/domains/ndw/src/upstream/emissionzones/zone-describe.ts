import type { ZoneAccessRule } from '@nl/contracts-ndw';
import type { VehicleCriterion, ZoneCondition } from './emissionzones.types.js';

const COMPARISON: Readonly<Record<string, string>> = {
  greaterThanOrEqualTo: '≥',
  greaterThan: '>',
  lessThan: '<',
  lessThanOrEqualTo: '≤',
  equalTo: '=',
};
const compare = (operator: string) => COMPARISON[operator] ?? operator;

/** One vehicle characteristic in words. */
export function describeCriterion(c: VehicleCriterion): string {
  switch (c.kind) {
    case 'category':
      // A bare letter is the whole group: `m` is M1, M2 and M3.
      return /^[a-z]+$/.test(c.value) ? `any ${c.value.toUpperCase()}` : c.value.toUpperCase();
    case 'fuel':
      return `fuel ${c.value}`;
    case 'euro':
      return c.value;
    case 'age':
      return `age ${compare(c.operator)} ${c.years} years`;
    case 'firstRegistration':
      return `first registered ${compare(c.operator)} ${c.year}`;
    case 'usage':
      return `used as ${c.value}`;
    case 'vehicleType':
      return c.value === 'anyVehicle' ? 'any vehicle' : `vehicle type ${c.value}`;
    case 'specialPurpose':
      return `special purpose ${c.value}`;
    case 'ownerType':
      return `owner ${c.value}`;
    case 'unread':
      return `${c.element} ${c.value}`.trim();
  }
}

/** A condition in words, for the rules' descriptions; never empty (the id as a last resort). */
export function describe(c: ZoneCondition): string {
  switch (c.kind) {
    case 'set': {
      const inner = c.conditions
        .map(describe)
        .filter((s) => s)
        .join(` ${c.operator} `);
      const text = c.conditions.length > 1 ? `(${inner})` : inner;
      return c.negate ? `not ${text}` : text;
    }
    case 'validity':
      return `${c.from?.slice(0, 10) ?? 'always'} to ${c.until?.slice(0, 10) ?? 'open end'}`;
    case 'vehicle':
      return c.criteria.map(describeCriterion).join(' and ') || `vehicle condition ${c.id}`;
    case 'location':
      return 'inside the zone';
    case 'other':
      return `${c.type || 'condition'} ${c.id}`.trim();
  }
}

/** The rule a condition stands for: who it restricts or exempts, in words, and when. */
export function toAccessRule(c: ZoneCondition, kind: 'restriction' | 'exemption'): ZoneAccessRule {
  const validity =
    c.kind === 'validity'
      ? c
      : c.kind === 'set'
        ? c.conditions.find((x) => x.kind === 'validity')
        : undefined;
  const description = describe(c).replace(/^\((.*)\)$/, '$1');
  return {
    id: c.id,
    kind,
    description: description || c.id,
    valid_from: validity?.kind === 'validity' ? validity.from : null,
    valid_until: validity?.kind === 'validity' ? validity.until : null,
  };
}
