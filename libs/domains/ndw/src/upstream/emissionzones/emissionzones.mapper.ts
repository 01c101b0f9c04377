import type { EmissionZoneRecord, ZoneAccessRule, ZoneGeometry } from '@nl/contracts-ndw';
import type { EmissionZoneRow, VehicleCriterion, ZoneCondition } from './emissionzones.types.js';
import { child, childrenOf, descendants, multilingual, type XmlNode } from '@nl/platform-dataset';
import { assertDatex } from '../truckparking/truckparking.mapper.js';
import { toAccessRule } from './zone-describe.js';
import { municipalityKey } from '../../emissionzones/municipality.js';
import { zoneParts } from '../../access/zone-rules.js';
import {
  restrictedCategories,
  zeroEmissionCategories,
} from '../../emissionzones/zone-classification.js';

/**
 * An element's value with DATEX II's extension mechanism resolved: a value outside the
 * enumeration is published as `_extended` with the real one in `_extendedValue` (NDW writes
 * Euro 1–4 so: `<emissionClassificationEuro _extendedValue="euro4">_extended</…>`).
 */
export function datexValue(node: XmlNode | undefined): string | null {
  if (!node) return null;
  const text = node.text.trim();
  const value = text === '_extended' ? (node.attrs['_extendedValue']?.trim() ?? text) : text;
  return value || null;
}

const valueAt = (node: XmlNode | undefined, path: string) => datexValue(child(node, path));

/** NDW's "open end" (2999-01-01) means no end. */
const until = (iso: string | null) => (iso && iso.startsWith('2999') ? null : iso);

/** Values NDW publishes where an id is not known ("onbekend", "ntb", "xxxx", "geen"). */
export function withoutPlaceholder(value: string | null): string | null {
  const v = value?.trim() ?? '';
  return /^(onbekend|unknown|ntb|nvt|n\.v\.t\.?|geen|none|x+|-+|\?+)?$/i.test(v) ? null : v;
}

function age(node: XmlNode): VehicleCriterion {
  const operator = valueAt(node, 'comparisonOperator') ?? 'equalTo';
  const years = Number(valueAt(node, 'vehicleAge') ?? NaN);
  const year = Number(valueAt(node, 'yearOfFirstRegistration') ?? NaN);
  const others = node.children.filter(
    (c) => !['comparisonOperator', 'vehicleAge', 'yearOfFirstRegistration'].includes(c.name),
  );
  if (others.length > 0 || Number.isFinite(years) === Number.isFinite(year))
    return {
      kind: 'unread',
      element: node.name,
      value: node.children.map((c) => c.name).join(' '),
    };
  return Number.isFinite(years)
    ? { kind: 'age', operator, years }
    : { kind: 'firstRegistration', operator, year };
}

type LeafKind = Extract<VehicleCriterion, { value: string }>['kind'];

const LEAVES: Readonly<Record<string, Exclude<LeafKind, 'unread'>>> = {
  euVehicleCategory: 'category',
  fuelType: 'fuel',
  emissionClassificationEuro: 'euro',
  vehicleUsage: 'usage',
  vehicleType: 'vehicleType',
  euSpecialPurposeVehicle: 'specialPurpose',
  ownerType: 'ownerType',
};

/** Every characteristic under `vehicleCharacteristics`, wrappers and extensions walked through. */
function criteria(node: XmlNode): VehicleCriterion[] {
  if (node.name === 'ageCharacteristic') return [age(node)];
  if (node.children.length > 0) return node.children.flatMap(criteria);
  const value = datexValue(node) ?? '';
  const kind = LEAVES[node.name];
  if (!kind || !value) return [{ kind: 'unread', element: node.name, value }];
  return [{ kind, value }];
}

function validity(node: XmlNode, id: string): ZoneCondition {
  const spec = descendants(node, 'validityTimeSpecification')[0];
  return {
    kind: 'validity',
    id,
    from: valueAt(spec, 'overallStartTime'),
    until: until(valueAt(spec, 'overallEndTime')),
    status: datexValue(descendants(node, 'validityStatus')[0]),
    unread: (spec?.children ?? [])
      .map((c) => c.name)
      .filter((n) => n !== 'overallStartTime' && n !== 'overallEndTime'),
  };
}

function condition(node: XmlNode): ZoneCondition {
  const id = node.attrs['id'] ?? '';
  const type = node.attrs['type'] ?? '';
  if (type === 'ConditionSet')
    return {
      kind: 'set',
      id,
      operator: valueAt(node, 'operator') === 'or' ? 'or' : 'and',
      negate: valueAt(node, 'negate') === 'true',
      conditions: childrenOf(node, 'conditions').map(condition),
    };
  if (type === 'ValidityCondition') return validity(node, id);
  if (type === 'LocationCondition') return { kind: 'location', id };
  if (type === 'VehicleCondition') {
    const characteristics = child(node, 'vehicleCharacteristics');
    return { kind: 'vehicle', id, criteria: characteristics?.children.flatMap(criteria) ?? [] };
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
    ...childrenOf(p, 'exterior').map((e) => ring(valueAt(e, 'posList') ?? '')),
    ...childrenOf(p, 'interior').map((e) => ring(valueAt(e, 'posList') ?? '')),
  ]);
  if (polygons.length === 0) return null;
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/** The restriction (vehicle conditions that are not negated) and each exemption of a zone. */
export function accessRules(top: ZoneCondition | null): ZoneAccessRule[] {
  const parts = top ? zoneParts(top) : null;
  if (!parts) return top ? [toAccessRule(top, 'restriction')] : [];
  return [
    ...parts.restrictions.map((c) => toAccessRule(c, 'restriction')),
    ...parts.exemptions.map((c) => toAccessRule(c, 'exemption')),
  ];
}

const restrictedVehicles = (c: ZoneCondition): Extract<ZoneCondition, { kind: 'vehicle' }>[] =>
  c.kind === 'vehicle'
    ? [c]
    : c.kind === 'set' && !c.negate
      ? c.conditions.flatMap(restrictedVehicles)
      : [];

function restriction(v: Extract<ZoneCondition, { kind: 'vehicle' }>) {
  const first = (kind: VehicleCriterion['kind']) => {
    const found = v.criteria.find((c) => c.kind === kind);
    return found && 'value' in found ? found.value : null;
  };
  const type = first('vehicleType');
  return {
    emission_class: first('euro'),
    fuel_type: first('fuel'),
    vehicle_type: first('category')?.toUpperCase() ?? (type === 'anyVehicle' ? null : type),
  };
}

export function toEmissionZone(regulation: XmlNode): EmissionZoneRow | null {
  const id = regulation.attrs['id'];
  if (!id || valueAt(regulation, 'status') !== 'active') return null;
  const order = child(regulation, 'trafficRegulationOrder');
  const top = child(order, 'trafficRegulation/condition');
  const conditions = top ? condition(top) : null;
  const parts = conditions ? zoneParts(conditions) : null;
  const zeroEmission = zeroEmissionCategories(conditions);
  const windows = parts?.validities ?? [];
  const zone: EmissionZoneRecord = {
    id,
    name: withoutPlaceholder(multilingual(child(regulation, 'name'))),
    city: multilingual(child(order, 'issuingAuthority')),
    zone_type: zeroEmission.length > 0 ? 'zero_emission' : 'low_emission',
    zero_emission_categories: zeroEmission,
    geometry: geometry(regulation),
    vehicle_restrictions: (parts?.restrictions ?? []).flatMap(restrictedVehicles).map(restriction),
    valid_from: windows[0]?.from ?? null,
    valid_until: windows[0]?.until ?? null,
    access_rules: accessRules(conditions),
    regulation_id: withoutPlaceholder(valueAt(order, 'regulationId')),
    info_url: valueAt(regulation, 'urlForFurtherInformation'),
  };
  return {
    id,
    city_key: municipalityKey(zone.city),
    categories: restrictedCategories(conditions),
    zone,
    conditions,
  };
}

/** Every active zone of a DATEX II v3 controlled-zone table. */
export function toEmissionZones(root: XmlNode): EmissionZoneRow[] {
  assertDatex(root, 'controlled-zone table');
  return descendants(root, 'urbanVehicleAccessRegulation')
    .map(toEmissionZone)
    .filter((z) => z !== null);
}
