import type { ZoneCondition } from '../upstream/emissionzones/emissionzones.types.js';
import { and, evaluate, or, zoneParts, type ZoneParts } from '../access/zone-rules.js';
import { NOTHING_KNOWN, type Truth, type VehicleFacts } from '../access/vehicle-criteria.js';

/** The EU categories a zone is classified for (the list filter accepts each of them). */
export const ZONE_CATEGORIES = ['M1', 'M2', 'M3', 'N1', 'N2', 'N3', 'L'] as const;
const MOTOR_CATEGORIES = ['M1', 'M2', 'M3', 'N1', 'N2', 'N3'] as const;
/** RDW writes L categories as `L1` … `L7`: the group `L` stands for all of them. */
const L_CATEGORIES = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7'];

const dates = (c: ZoneCondition): string[] =>
  c.kind === 'validity'
    ? [c.from, c.until].filter((d): d is string => d !== null)
    : c.kind === 'set'
      ? c.conditions.flatMap(dates)
      : [];

/** A moment after every date the zone's rules name: its phased exemptions have all ended. */
function endState(parts: ZoneParts): Date {
  const times = [...parts.restrictions, ...parts.exemptions].flatMap(dates).map(Date.parse);
  const last = times.length > 0 ? Math.max(...times) : Date.parse('2000-01-01T00:00:00Z');
  return new Date(last + 24 * 3600_000);
}

/** Whether the regulation applies to the vehicle, the zone's own window aside. */
function applies(parts: ZoneParts, v: VehicleFacts, at: Date): Truth {
  const exempt = or(parts.exemptions.map((c) => evaluate(c, v, at)));
  return and([
    ...parts.restrictions.map((c) => evaluate(c, v, at)),
    exempt === null ? null : !exempt,
  ]);
}

/**
 * The categories the zone's restriction can apply to: those for which it is not known to be
 * false when only the category is known (a ban on every diesel restricts every category).
 */
export function restrictedCategories(top: ZoneCondition | null): string[] {
  const parts = top ? zoneParts(top) : null;
  if (!parts || parts.restrictions.length === 0) return [];
  const at = endState(parts);
  const restricts = (category: string) =>
    parts.restrictions.every((c) => evaluate(c, { ...NOTHING_KNOWN, category }, at) !== false);
  return ZONE_CATEGORIES.filter((category) =>
    category === 'L' ? L_CATEGORIES.some(restricts) : restricts(category),
  );
}

/**
 * The categories the zone admits only zero-emission vehicles of once its phased exemptions
 * have ended: a young Euro 6 diesel and petrol vehicle of the category (no taxi, no special
 * body) are refused and a battery-electric one is admitted. NDW types every zone
 * `lowEmissionZone`, and names do not say it ("ZES …", "onbekend"), so the rules decide.
 */
export function zeroEmissionCategories(top: ZoneCondition | null): string[] {
  const parts = top ? zoneParts(top) : null;
  if (!parts) return [];
  const at = endState(parts);
  const young = new Date(at.getTime() - 365 * 24 * 3600_000).toISOString().slice(0, 10);
  const vehicle = (category: string, fuels: string[], euroClass: number | null): VehicleFacts => ({
    category,
    fuels,
    euroClass,
    firstAdmission: young,
    taxi: false,
    bodyCodes: [category.startsWith('M') ? 'AA' : 'BA'],
  });
  return MOTOR_CATEGORIES.filter(
    (category) =>
      applies(parts, vehicle(category, ['diesel'], 6), at) === true &&
      applies(parts, vehicle(category, ['benzine'], 6), at) === true &&
      applies(parts, vehicle(category, ['elektriciteit'], null), at) === false,
  );
}
