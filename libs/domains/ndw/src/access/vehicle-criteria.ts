import type { VehicleCriterion } from '../upstream/emissionzones/emissionzones.types.js';

/** What the vehicle register tells about a vehicle, as the zone rules need it. */
export interface VehicleFacts {
  /** EU category as RDW writes it (`M1`, `N1`, `L1`); null when unknown. */
  readonly category: string | null;
  /** RDW fuel descriptions, lower case (`diesel`, `benzine`, `elektriciteit`); empty: unknown. */
  readonly fuels: readonly string[];
  readonly euroClass: number | null;
  /** First admission (`datum_eerste_toelating`), `YYYY-MM-DD`; null when unknown. */
  readonly firstAdmission: string | null;
  /** RDW's `taxi_indicator`; null when RDW does not say. */
  readonly taxi: boolean | null;
  /** EU body codes of every body row (`AF`, `SA`, …); empty: unknown. */
  readonly bodyCodes: readonly string[];
}

/** Nothing known: what a register row without any of these facts gives. */
export const NOTHING_KNOWN: VehicleFacts = {
  category: null,
  fuels: [],
  euroClass: null,
  firstAdmission: null,
  taxi: null,
  bodyCodes: [],
};

export type Truth = boolean | null;

/** RDW writes L categories without the `e` DATEX has (`L1` for `l1e`). */
const category = (c: string) =>
  c
    .trim()
    .toLowerCase()
    .replace(/^(l\d)e$/, '$1');

/** A bare letter (`m`, `n`) is the whole group, so `m` matches M1, M2 and M3. */
function categoryMatches(condition: string, vehicle: string | null): Truth {
  if (!vehicle) return null;
  const c = category(condition);
  const v = category(vehicle);
  return /^[a-z]+$/.test(c) ? v.startsWith(c) : v === c;
}

const only = (fuels: readonly string[], allowed: string[]) =>
  fuels.every((f) => allowed.includes(f));

/** DATEX fuel types against RDW's fuels; a zero-emission fuel only when nothing else burns. */
const FUELS: Readonly<Record<string, (fuels: readonly string[]) => boolean>> = {
  diesel: (f) => f.includes('diesel'),
  petrol: (f) => f.includes('benzine'),
  petrol95Octane: (f) => f.includes('benzine'),
  petrol98Octane: (f) => f.includes('benzine'),
  lpg: (f) => f.includes('lpg'),
  liquidGas: (f) => f.includes('lpg'),
  battery: (f) => only(f, ['elektriciteit']),
  hydrogen: (f) => f.includes('waterstof') && only(f, ['waterstof', 'elektriciteit']),
  dieselBatteryHybrid: (f) => f.includes('diesel') && f.includes('elektriciteit'),
  petrolBatteryHybrid: (f) => f.includes('benzine') && f.includes('elektriciteit'),
  all: () => true,
};

function fuelMatches(fuel: string, fuels: readonly string[]): Truth {
  const test = FUELS[fuel];
  return !test || fuels.length === 0 ? null : test(fuels);
}

const ROMAN: Readonly<Record<string, number>> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6 };

/**
 * `euro5`, `euroVI` (heavy duty) against RDW's class number. A sub-class (`euro6d`) is more
 * than RDW's number says: it can only rule a vehicle of another class out.
 */
function euroMatches(value: string, euroClass: number | null): Truth {
  const m = /^euro(\d+|[ivx]+)([a-z]*)$/i.exec(value.trim());
  const n = m ? Number(m[1]) || ROMAN[m[1].toLowerCase()] : undefined;
  if (!m || !n || euroClass === null) return null;
  if (euroClass !== n) return false;
  return m[2] ? null : true;
}

function compare(operator: string, left: number, right: number): Truth {
  if (operator === 'greaterThanOrEqualTo') return left >= right;
  if (operator === 'greaterThan') return left > right;
  if (operator === 'lessThan') return left < right;
  if (operator === 'lessThanOrEqualTo') return left <= right;
  if (operator === 'equalTo') return left === right;
  return null;
}

export function ageYears(firstAdmission: string, now: Date): number {
  const from = new Date(`${firstAdmission}T00:00:00Z`);
  let years = now.getUTCFullYear() - from.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < from.getUTCMonth() ||
    (now.getUTCMonth() === from.getUTCMonth() && now.getUTCDate() < from.getUTCDate());
  if (beforeBirthday) years -= 1;
  return years;
}

/** DATEX special-purpose vehicles by their EU body code (Regulation 2018/858, annex I). */
const SPECIAL_PURPOSE: Readonly<Record<string, string>> = {
  motorCaravan: 'SA',
  armouredVehicle: 'SB',
  ambulance: 'SC',
  hearse: 'SD',
  trailerCaravan: 'SE',
  mobileCrane: 'SF',
  otherSpecialPurposeVehicle: 'SG',
  wheelChairAccessibleVehicle: 'SH',
};

function specialPurpose(value: string, bodyCodes: readonly string[]): Truth {
  const code = SPECIAL_PURPOSE[value];
  if (!code || bodyCodes.length === 0) return null;
  return bodyCodes.some((b) => b.trim().toUpperCase() === code);
}

/**
 * Three-valued: true or false when the register's facts decide the characteristic, null when
 * a fact is missing or the characteristic is one this service cannot judge (an owner type, an
 * unknown value, an element it does not read). Null is never turned into true or false here.
 */
export function criterionHolds(c: VehicleCriterion, v: VehicleFacts, now: Date): Truth {
  switch (c.kind) {
    case 'category':
      return categoryMatches(c.value, v.category);
    case 'fuel':
      return fuelMatches(c.value, v.fuels);
    case 'euro':
      return euroMatches(c.value, v.euroClass);
    case 'age':
      return v.firstAdmission
        ? compare(c.operator, ageYears(v.firstAdmission, now), c.years)
        : null;
    case 'firstRegistration':
      return v.firstAdmission
        ? compare(c.operator, Number(v.firstAdmission.slice(0, 4)), c.year)
        : null;
    case 'usage':
      return c.value === 'taxi' ? v.taxi : null;
    case 'vehicleType':
      return c.value === 'anyVehicle' ? true : null;
    case 'specialPurpose':
      return specialPurpose(c.value, v.bodyCodes);
    case 'ownerType':
    case 'unread':
      return null;
  }
}

/** Why a characteristic is unknown for this vehicle, in words (for the answer's reason). */
export function whyUnknown(c: VehicleCriterion): string {
  switch (c.kind) {
    case 'category':
      return 'the EU category, which the register lacks';
    case 'fuel':
      return FUELS[c.value]
        ? 'the fuel, which the register lacks'
        : `fuel type '${c.value}', which this service does not read`;
    case 'euro':
      return /^euro(\d+|[ivx]+)$/i.test(c.value)
        ? 'the Euro class, which the register lacks'
        : `emission class '${c.value}', which RDW's class number cannot settle`;
    case 'age':
    case 'firstRegistration':
      return 'the first admission date, which the register lacks';
    case 'usage':
      return c.value === 'taxi'
        ? 'whether it is a taxi, which the register does not say'
        : `vehicle usage '${c.value}', which this service does not read`;
    case 'vehicleType':
      return `vehicle type '${c.value}', which this service does not read`;
    case 'specialPurpose':
      return SPECIAL_PURPOSE[c.value]
        ? 'the body type, which the register lacks'
        : `special purpose '${c.value}', which this service does not read`;
    case 'ownerType':
      return `the owner (${c.value}), which no vehicle register shows`;
    case 'unread':
      return `'${c.element}' (${c.value || 'no value'}), a condition this service does not read`;
  }
}
