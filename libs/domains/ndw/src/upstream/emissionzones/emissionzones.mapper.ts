import type { EmissionZoneRecord, ZoneAccessRule, ZoneGeometry } from '@nl/contracts-ndw';
import type { EmissionZoneRow, ZoneCondition } from './emissionzones.types.js';
import {
  child,
  childrenOf,
  descendants,
  multilingual,
  numberAt,
  textAt,
  type XmlNode,
} from '@nl/platform-dataset';
import { assertDatex } from '../truckparking/truckparking.mapper.js';

/** NDW's "open end" (2999-01-01) means no end. */
const until = (iso: string | null) => (iso && iso.startsWith('2999') ? null : iso);

function condition(node: XmlNode): ZoneCondition {
  const id = node.attrs['id'] ?? '';
  const type = node.attrs['type'] ?? '';
  if (type === 'ConditionSet')
    return {
      kind: 'set',
      id,
      operator: textAt(node, 'operator') === 'or' ? 'or' : 'and',
      negate: textAt(node, 'negate') === 'true',
      conditions: childrenOf(node, 'conditions').map(condition),
    };
  if (type === 'ValidityCondition') {
    const spec = descendants(node, 'validityTimeSpecification')[0];
    return {
      kind: 'validity',
      id,
      from: textAt(spec, 'overallStartTime'),
      until: until(textAt(spec, 'overallEndTime')),
    };
  }
  if (type === 'LocationCondition') return { kind: 'location', id };
  if (type === 'VehicleCondition') {
    const v = child(node, 'vehicleCharacteristics');
    const first = (name: string) => (v ? descendants(v, name)[0]?.text.trim() || null : null);
    const age = v ? descendants(v, 'ageCharacteristic')[0] : undefined;
    const years = numberAt(age, 'vehicleAge');
    return {
      kind: 'vehicle',
      id,
      category: first('euVehicleCategory'),
      fuel: first('fuelType'),
      euro: first('emissionClassificationEuro'),
      age:
        age && years !== null
          ? { operator: textAt(age, 'comparisonOperator') ?? 'equalTo', years }
          : null,
      other: first('euSpecialPurposeVehicle') ?? first('ownerType'),
    };
  }
  return { kind: 'other', id, type };
}

/** `lat lon lat lon …` (NDW: latitude first) as GeoJSON `[lon, lat]` pairs. */
function ring(posList: string): number[][] {
  const n = posList.trim().split(/\s+/).map(Number);
  if (n.length % 2 !== 0 || n.some((x) => !Number.isFinite(x)))
    throw new Error('an emission zone posList is not pairs of numbers');
  const out: number[][] = [];
  for (let i = 0; i < n.length; i += 2) out.push([n[i + 1], n[i]]);
  return out;
}

function geometry(regulation: XmlNode): ZoneGeometry | null {
  const polygons = descendants(regulation, 'gmlPolygon').map((p) => [
    ...childrenOf(p, 'exterior').map((e) => ring(textAt(e, 'posList') ?? '')),
    ...childrenOf(p, 'interior').map((e) => ring(textAt(e, 'posList') ?? '')),
  ]);
  if (polygons.length === 0) return null;
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/** A condition in words, for the rules' descriptions. */
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
    case 'vehicle': {
      const parts = [
        c.category?.toUpperCase(),
        c.fuel && `fuel ${c.fuel}`,
        c.euro,
        c.age && `age ${c.age.operator} ${c.age.years} years`,
        c.other,
      ].filter((p) => p);
      return parts.join(' and ');
    }
    default:
      return '';
  }
}

const validities = (c: ZoneCondition): Extract<ZoneCondition, { kind: 'validity' }>[] =>
  c.kind === 'validity'
    ? [c]
    : c.kind === 'set' && !c.negate
      ? c.conditions.flatMap(validities)
      : [];

export function toAccessRule(c: ZoneCondition, kind: 'restriction' | 'exemption'): ZoneAccessRule {
  const validity = c.kind === 'set' ? c.conditions.find((x) => x.kind === 'validity') : undefined;
  return {
    id: c.id,
    kind,
    description: describe(c).replace(/^\((.*)\)$/, '$1'),
    valid_from: validity?.kind === 'validity' ? validity.from : null,
    valid_until: validity?.kind === 'validity' ? validity.until : null,
  };
}

/** The restriction (vehicle conditions that are not negated) and each exemption of a zone. */
export function accessRules(top: ZoneCondition | null): ZoneAccessRule[] {
  if (!top || top.kind !== 'set') return [];
  const rules: ZoneAccessRule[] = [];
  for (const c of top.conditions) {
    if (c.kind === 'vehicle' || (c.kind === 'set' && !c.negate))
      rules.push(toAccessRule(c, 'restriction'));
    else if (c.kind === 'set' && c.negate)
      for (const x of c.conditions) rules.push(toAccessRule(x, 'exemption'));
  }
  return rules;
}

const restrictedVehicles = (c: ZoneCondition): Extract<ZoneCondition, { kind: 'vehicle' }>[] =>
  c.kind === 'vehicle'
    ? [c]
    : c.kind === 'set' && !c.negate
      ? c.conditions.flatMap(restrictedVehicles)
      : [];

export function toEmissionZone(regulation: XmlNode): EmissionZoneRow | null {
  const id = regulation.attrs['id'];
  if (!id || textAt(regulation, 'status') !== 'active') return null;
  const order = child(regulation, 'trafficRegulationOrder');
  const top = child(order, 'trafficRegulation/condition');
  const conditions = top ? condition(top) : null;
  const name = multilingual(child(regulation, 'name'));
  const vehicles = conditions ? restrictedVehicles(conditions) : [];
  const windows = conditions?.kind === 'set' ? conditions.conditions.flatMap(validities) : [];
  const zone: EmissionZoneRecord = {
    id,
    name,
    city: multilingual(child(order, 'issuingAuthority')),
    zone_type: name && /^ZE\b/i.test(name) ? 'zero_emission' : 'low_emission',
    geometry: geometry(regulation),
    vehicle_restrictions: vehicles.map((v) => ({
      emission_class: v.euro,
      fuel_type: v.fuel,
      vehicle_type: v.category?.toUpperCase() ?? null,
    })),
    valid_from: windows[0]?.from ?? null,
    valid_until: windows[0]?.until ?? null,
    access_rules: accessRules(conditions),
    regulation_id: textAt(order, 'regulationId'),
    info_url: textAt(regulation, 'urlForFurtherInformation'),
  };
  const categories = [...new Set(vehicles.map((v) => v.category?.toUpperCase()))].filter(
    (c): c is string => typeof c === 'string',
  );
  return { id, city_key: zone.city?.toLowerCase() ?? null, categories, zone, conditions };
}

/** Every active zone of a DATEX II v3 controlled-zone table. */
export function toEmissionZones(root: XmlNode): EmissionZoneRow[] {
  assertDatex(root, 'controlled-zone table');
  return descendants(root, 'urbanVehicleAccessRegulation')
    .map(toEmissionZone)
    .filter((z) => z !== null);
}
