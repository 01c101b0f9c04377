import type { ZoneAccessRule } from '@nl/contracts-ndw';
import type { ZoneCondition } from '../upstream/emissionzones/emissionzones.types.js';
import { describe, toAccessRule } from '../upstream/emissionzones/zone-describe.js';
import { criterionHolds, whyUnknown, type Truth, type VehicleFacts } from './vehicle-criteria.js';

export type { VehicleFacts } from './vehicle-criteria.js';

export interface AccessVerdict {
  readonly allowed: boolean | null;
  readonly rule: ZoneAccessRule | null;
  readonly reason: string;
}

/** Kleene's three-valued logic: unknown stays unknown unless a known value decides. */
export const and = (values: Truth[]): Truth =>
  values.includes(false) ? false : values.includes(null) ? null : true;
export const or = (values: Truth[]): Truth =>
  values.includes(true) ? true : values.includes(null) ? null : false;

function validityHolds(c: Extract<ZoneCondition, { kind: 'validity' }>, now: Date): Truth {
  const inWindow =
    (!c.from || Date.parse(c.from) <= now.getTime()) &&
    (!c.until || now.getTime() < Date.parse(c.until));
  if (!inWindow || c.status === 'suspended') return false;
  return c.unread.length > 0 ? null : true;
}

/**
 * Whether a condition holds for the vehicle today: true or false only when every fact it needs
 * is known; null otherwise. A vehicle condition holds when all its characteristics do, and one
 * without any characteristic is unknown, not "no requirement".
 */
export function evaluate(c: ZoneCondition, v: VehicleFacts, now: Date): Truth {
  switch (c.kind) {
    case 'set': {
      const values = c.conditions.map((x) => evaluate(x, v, now));
      const value = c.operator === 'or' ? or(values) : and(values);
      return c.negate && value !== null ? !value : value;
    }
    case 'validity':
      return validityHolds(c, now);
    case 'location':
      return true;
    case 'vehicle':
      return c.criteria.length === 0 ? null : and(c.criteria.map((x) => criterionHolds(x, v, now)));
    case 'other':
      return null;
  }
}

/** What makes a condition unknown for this vehicle: each missing fact or unread part, in words. */
export function unknownsOf(c: ZoneCondition, v: VehicleFacts, now: Date): string[] {
  if (evaluate(c, v, now) !== null) return [];
  switch (c.kind) {
    case 'set':
      return [...new Set(c.conditions.flatMap((x) => unknownsOf(x, v, now)))];
    case 'vehicle':
      return c.criteria.length === 0
        ? [`vehicle condition ${c.id} names no characteristic`]
        : c.criteria.filter((x) => criterionHolds(x, v, now) === null).map(whyUnknown);
    case 'validity':
      return [`the validity's ${c.unread.join(', ')}, which this service does not read`];
    case 'other':
      return [`a condition of type ${c.type || 'unknown'}, which this service does not read`];
    default:
      return [];
  }
}

const day = (iso: string | null) => iso?.slice(0, 10) ?? null;

/** The parts of a zone's condition: when it applies, to whom, and who is exempt. */
export interface ZoneParts {
  readonly validities: Extract<ZoneCondition, { kind: 'validity' }>[];
  readonly restrictions: ZoneCondition[];
  readonly exemptions: ZoneCondition[];
}

/**
 * NDW's shape: an `and` of validity windows, the area, the restricted vehicles and a negated
 * `or` of exemptions (a negated `and` is one exemption). Null for any other shape, which is
 * then judged as a whole.
 */
export function zoneParts(top: ZoneCondition): ZoneParts | null {
  if (top.kind !== 'set' || top.negate || top.operator !== 'and') return null;
  const parts: ZoneParts = { validities: [], restrictions: [], exemptions: [] };
  for (const c of top.conditions) {
    if (c.kind === 'validity') parts.validities.push(c);
    else if (c.kind === 'set' && c.negate)
      parts.exemptions.push(
        ...(c.operator === 'or' ? c.conditions : [{ ...c, negate: false as const }]),
      );
    else if (c.kind !== 'location') parts.restrictions.push(c);
  }
  return parts;
}

/** Null, naming each undecided rule and what it needs; the first is the answer's rule. */
function unknown(open: { rule: ZoneAccessRule; needs: string[] }[]): AccessVerdict {
  const lines = open.map(
    ({ rule, needs }) =>
      `'${rule.description}' needs ${needs.join(' and ') || 'a fact the register lacks'}`,
  );
  return { allowed: null, rule: open[0].rule, reason: `Cannot decide: ${lines.join('; ')}.` };
}

/**
 * May the vehicle enter? The zone's regulation (no entry) applies when it is in force, the
 * vehicle is restricted and no exemption applies. An exemption applies only when every one of
 * its conditions is known to hold; whatever the register cannot settle makes the answer null,
 * with the rule and the missing facts named, never true.
 */
export function decideAccess(top: ZoneCondition | null, v: VehicleFacts, now: Date): AccessVerdict {
  if (!top)
    return { allowed: null, rule: null, reason: 'The zone publishes no access conditions.' };
  const parts = zoneParts(top);
  if (!parts) return decideWhole(top, v, now);
  const judge = (c: ZoneCondition) => ({ c, value: evaluate(c, v, now) });
  const validities = parts.validities.map(judge);
  const restrictions = parts.restrictions.map(judge);
  const exemptions = parts.exemptions.map(judge);

  const notInForce = validities.find((x) => x.value === false);
  if (notInForce) {
    const { from, until } = notInForce.c as Extract<ZoneCondition, { kind: 'validity' }>;
    return {
      allowed: true,
      rule: toAccessRule(notInForce.c, 'restriction'),
      reason: `The zone's rules are not in force today (${day(from) ?? 'always'} to ${day(until) ?? 'open end'}).`,
    };
  }
  const notRestricted = restrictions.find((x) => x.value === false);
  if (notRestricted) {
    const rule = toAccessRule(notRestricted.c, 'restriction');
    return {
      allowed: true,
      rule,
      reason: `The zone restricts ${rule.description}; this vehicle is not one of them.`,
    };
  }
  const exempt = exemptions.find((x) => x.value === true);
  if (exempt) {
    const rule = toAccessRule(exempt.c, 'exemption');
    const until = rule.valid_until ? ` until ${day(rule.valid_until)}` : '';
    return { allowed: true, rule, reason: `Exempt${until}: ${rule.description}.` };
  }
  const open = [
    ...[...validities, ...restrictions]
      .filter((x) => x.value === null)
      .map((x) => ({ ...x, kind: 'restriction' as const })),
    ...exemptions
      .filter((x) => x.value === null)
      .map((x) => ({ ...x, kind: 'exemption' as const })),
  ];
  if (open.length > 0)
    return unknown(
      open.map((x) => ({ rule: toAccessRule(x.c, x.kind), needs: unknownsOf(x.c, v, now) })),
    );
  const restriction = parts.restrictions[0] ?? top;
  const rule = toAccessRule(restriction, 'restriction');
  return {
    allowed: false,
    rule,
    reason: `The zone restricts ${rule.description} and no exemption applies.`,
  };
}

/** A condition of another shape: the regulation applies exactly when the whole holds. */
function decideWhole(top: ZoneCondition, v: VehicleFacts, now: Date): AccessVerdict {
  const value = evaluate(top, v, now);
  const rule = toAccessRule(top, 'restriction');
  if (value === null) return unknown([{ rule, needs: unknownsOf(top, v, now) }]);
  return {
    allowed: !value,
    rule,
    reason: value
      ? `The zone's regulation applies: ${describe(top)}.`
      : `The zone's regulation does not apply: ${describe(top)}.`,
  };
}
