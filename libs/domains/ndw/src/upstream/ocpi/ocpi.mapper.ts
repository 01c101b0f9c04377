import type { ChargePointConnector, ChargePointItem } from '@nl/contracts-ndw';
import type { ChargePointRow, OcpiConnector, OcpiLocation } from './ocpi.types.js';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

const key = (value: string | null) => (value ? value.toLowerCase() : null);

function connector(c: OcpiConnector): ChargePointConnector | null {
  const standard = text(c.standard);
  if (!standard) return null;
  const watts = typeof c.max_electric_power === 'number' ? c.max_electric_power : null;
  return {
    standard,
    format: text(c.format),
    power_type: text(c.power_type),
    power_kw: watts === null ? null : Math.round(watts / 10) / 100,
  };
}

/**
 * One OCPI Location as our item, or null when it cannot be placed (no id or no valid
 * coordinates) or is not to be published. `available` counts EVSEs reported AVAILABLE only:
 * UNKNOWN (common for days with some operators) is neither available nor occupied.
 */
export function toChargePointItem(
  location: OcpiLocation,
): Omit<ChargePointItem, 'distance_m'> | null {
  const id = text(location.id);
  const latitude = Number(location.coordinates?.latitude);
  const longitude = Number(location.coordinates?.longitude);
  if (!id || location.publish === false) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const evses = (location.evses ?? []).map((evse) => ({
    evse_id: text(evse.evse_id),
    status: text(evse.status) ?? 'UNKNOWN',
    connectors: (evse.connectors ?? []).map(connector).filter((c) => c !== null),
  }));
  const connectors = evses.flatMap((e) => e.connectors);
  const powers = connectors.map((c) => c.power_kw).filter((p) => p !== null);
  return {
    id,
    name: text(location.name),
    address: text(location.address),
    city: text(location.city),
    postcode: text(location.postal_code),
    coordinates: { latitude, longitude },
    operator: text(location.operator?.name),
    connectors,
    evses,
    available: evses.filter((e) => e.status === 'AVAILABLE').length,
    total: evses.length,
    max_power_kw: powers.length > 0 ? Math.max(...powers) : null,
    last_updated: text(location.last_updated),
  };
}

/** The table row of an item: its filter columns beside the item itself. */
export function toChargePointRow(item: Omit<ChargePointItem, 'distance_m'>): ChargePointRow {
  return {
    id: item.id,
    city_key: key(item.city),
    postcode_key: item.postcode ? item.postcode.replace(/\s+/g, '').toUpperCase() : null,
    operator_key: key(item.operator),
    lat: item.coordinates.latitude,
    lon: item.coordinates.longitude,
    max_power_kw: item.max_power_kw,
    standards: [...new Set(item.connectors.map((c) => c.standard))],
    available: item.available,
    item,
  };
}
