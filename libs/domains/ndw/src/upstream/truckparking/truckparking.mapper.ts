import type {
  TruckParkingFacility,
  TruckParkingRoad,
  TruckParkingSpacesGroup,
} from '@nl/contracts-ndw';
import type {
  PublishedGroupOccupancy,
  TruckParkingSiteRow,
  TruckParkingStatusRow,
} from './truckparking.types.js';
import {
  booleanAt,
  child,
  childrenOf,
  descendants,
  multilingual,
  numberAt,
  textAt,
  type XmlNode,
} from '@nl/platform-dataset';

/**
 * DATEX II envelopes we accept: v2 (`d2LogicalModel`, the table file today) and v3 (`payload`,
 * the status file, possibly inside a `messageContainer`). Element names below are the local
 * names, which v2 and v3 share for the members we read.
 */
const ENVELOPES = new Set(['d2LogicalModel', 'payload', 'messageContainer']);

export function assertDatex(root: XmlNode, what: string): void {
  if (!ENVELOPES.has(root.name))
    throw new Error(`not a DATEX II ${what}: the root element is <${root.name}>`);
}

const integer = (node: XmlNode | undefined, path: string) => {
  const n = numberAt(node, path);
  return n === null ? null : Math.round(n);
};

function road(access: XmlNode): TruckParkingRoad[] {
  return access.children
    .filter((c) => child(c, 'roadIdentifier'))
    .map((r) => ({
      type: r.attrs['type'] ?? r.name,
      identifier: multilingual(child(r, 'roadIdentifier')) ?? textAt(r, 'roadIdentifier'),
      destination: multilingual(child(r, 'roadDestination')),
      origination: multilingual(child(r, 'roadOrigination')),
      junction_name: multilingual(child(r, 'junctionName')),
      distance_to_this_road_m: integer(r, 'distanceToThisRoad'),
    }));
}

function facility(outer: XmlNode): TruckParkingFacility | null {
  const inner = child(outer, 'parkingEquipmentOrServiceFacility') ?? outer;
  const equipment = textAt(inner, 'equipmentType');
  const service = textAt(inner, 'serviceFacilityType');
  if (!equipment && !service) return null;
  return {
    kind: equipment ? 'equipment' : 'service',
    type: equipment ?? service,
    availability: textAt(inner, 'availability'),
  };
}

function spacesGroup(group: XmlNode): TruckParkingSpacesGroup {
  const basics = child(group, 'parkingSpaceBasics') ?? group;
  return {
    group_index: Number(group.attrs['groupIndex'] ?? 0),
    number_of_spaces: integer(basics, 'parkingNumberOfSpaces'),
    type_of_group: textAt(basics, 'parkingTypeOfGroup'),
    vehicle_characteristics: basics.children
      .filter((c) => child(c, 'vehicleCharacteristics'))
      .map((c) => ({
        assignment: c.name,
        vehicleType: [
          ...descendants(c, 'vehicleType'),
          ...descendants(c, 'vehicleType2'),
          ...descendants(c, 'loadType2'),
        ].map((v) => v.text.trim()),
      })),
  };
}

/**
 * The capacity of a site: the record's own `parkingNumberOfSpaces` when it has one, else the
 * spaces of the groups assigned to lorries (other groups, e.g. refrigerated, are subsets of
 * the lorry spaces in NDW's table), else null.
 */
function capacity(record: XmlNode, groups: TruckParkingSpacesGroup[]): number | null {
  const own = integer(record, 'parkingNumberOfSpaces');
  if (own !== null) return own;
  const lorry = groups.filter((g) =>
    g.vehicle_characteristics.some((v) => v.vehicleType.includes('lorry')),
  );
  if (lorry.length === 0) return null;
  return lorry.reduce((sum, g) => sum + (g.number_of_spaces ?? 0), 0);
}

/** The publication's DATEX `informationStatus` (`real`, `test`, `exercise`, …). */
const informationStatus = (root: XmlNode): string | null =>
  textAt(descendants(root, 'headerInformation')[0], 'informationStatus');

export function toTruckParkingSite(
  record: XmlNode,
  information_status: string | null = null,
): TruckParkingSiteRow | null {
  const id = record.attrs['id'];
  if (!id) return null;
  const point = child(record, 'parkingLocation/pointByCoordinates/pointCoordinates');
  const address = child(record, 'parkingSiteAddress');
  const security = child(record, 'parkingStandardsAndSecurity');
  const tariffs = child(record, 'tariffsAndPayment');
  const roads = childrenOf(record, 'parkingAccess').flatMap(road);
  const spaces_groups = childrenOf(record, 'groupOfParkingSpaces').map(spacesGroup);
  const identifiers = [
    ...new Set(roads.map((r) => r.identifier?.toUpperCase()).filter((r) => r !== undefined)),
  ].filter((r): r is string => r !== null);
  const site = {
    id,
    name: multilingual(child(record, 'parkingName')),
    city: multilingual(child(address, 'contactDetailsCity')),
    road: identifiers[0] ?? null,
    latitude: numberAt(point, 'latitude'),
    longitude: numberAt(point, 'longitude'),
    total_capacity: capacity(record, spaces_groups),
    static_updated_at: textAt(record, 'parkingRecordVersionTime'),
    address: textAt(address, 'contactDetailsStreet'),
    house_number: textAt(address, 'contactDetailsHouseNumber'),
    postal_code: textAt(address, 'contactDetailsPostcode'),
    country: textAt(address, 'country'),
    site_details: {
      roads,
      tariffs: {
        free_of_charge: booleanAt(tariffs, 'freeOfCharge'),
        url: textAt(tariffs, 'urlLinkAddress'),
        bands: childrenOf(tariffs, 'chargeBand').map((band) => ({
          name: multilingual(child(band, 'chargeBandName')),
          currency: textAt(band, 'chargeCurrency')?.toUpperCase() ?? null,
          amount: numberAt(band, 'charge/charge'),
          interval_seconds: integer(band, 'charge/chargeInterval'),
        })),
      },
      facilities: childrenOf(record, 'parkingEquipmentOrServiceFacility')
        .map(facility)
        .filter((f) => f !== null),
      security: {
        values: childrenOf(security, 'parkingSecurity').map((s) => s.text.trim()),
        certified_secure_parking: booleanAt(security, 'certifiedSecureParking'),
        label_security_level: textAt(security, 'labelSecurityLevel'),
        label_self_assessment: textAt(security, 'labelSecurityLevelSelfAssessment'),
      },
      supervision: childrenOf(security, 'parkingSupervision').map((s) => s.text.trim()),
      reservation: textAt(record, 'parkingReservation'),
      usage_scenarios: descendants(record, 'parkingUsageScenario')
        .filter((s) => s.children.length === 0)
        .map((s) => s.text.trim()),
      spaces_groups,
      record_version_time: textAt(record, 'parkingRecordVersionTime'),
    },
    information_status,
  };
  return { id, road: site.road, roads: identifiers, site };
}

/** Every parking record of a DATEX II v2 or v3 parking table. */
export function toTruckParkingSites(root: XmlNode): TruckParkingSiteRow[] {
  assertDatex(root, 'parking table');
  const status = informationStatus(root);
  return descendants(root, 'parkingRecord')
    .map((record) => toTruckParkingSite(record, status))
    .filter((s) => s !== null);
}

/** Our `status` for DATEX `parkingSiteStatus` (the spec's value `available`). */
export function siteStatus(datex: string | null): string {
  if (datex === 'spacesAvailable' || datex === 'almostFull') return 'available';
  if (datex === 'full' || datex === 'fullAtEntrance' || datex === 'overcrowded') return 'full';
  if (datex === 'closed') return 'closed';
  return 'unknown';
}

function occupancyOf(node: XmlNode | undefined) {
  return {
    vacant_spaces: integer(node, 'parkingNumberOfVacantSpaces'),
    occupied_spaces: integer(node, 'parkingNumberOfOccupiedSpaces'),
    occupancy_percent: numberAt(node, 'parkingOccupancy'),
  };
}

export function toTruckParkingStatus(
  status: XmlNode,
  information_status: string | null = null,
): TruckParkingStatusRow | null {
  const id = child(status, 'parkingRecordReference')?.attrs['id'];
  if (!id) return null;
  const site_status = textAt(status, 'parkingSiteStatus');
  const overall = occupancyOf(child(status, 'parkingOccupancy'));
  const groups: PublishedGroupOccupancy[] = childrenOf(status, 'groupOfParkingSpacesStatus').map(
    (g) => ({
      group_index: Number(g.attrs['groupIndex'] ?? 0),
      ...occupancyOf(child(g, 'groupOfParkingSpacesStatus') ?? g),
    }),
  );
  const origin_time = textAt(status, 'parkingStatusOriginTime');
  return {
    id,
    status: siteStatus(site_status),
    vacant: overall.vacant_spaces,
    origin_time,
    occupancy: { ...overall, site_status, origin_time, groups, information_status },
  };
}

/** Every site status of a DATEX II parking status publication. */
export function toTruckParkingStatuses(root: XmlNode): TruckParkingStatusRow[] {
  assertDatex(root, 'parking status publication');
  const information = informationStatus(root);
  return descendants(root, 'parkingRecordStatus')
    .map((status) => toTruckParkingStatus(status, information))
    .filter((s) => s !== null);
}
