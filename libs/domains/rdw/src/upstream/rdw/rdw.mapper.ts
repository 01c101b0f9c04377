import {
  RDW_AXLE_FIELDS,
  RDW_BODY_FIELDS,
  RDW_FUEL_FIELDS,
  RDW_VEHICLE_FIELDS,
  type RdwRaw,
  type VehicleCompliance,
  type VehicleFull,
  type VehicleLite,
} from '@nl/contracts-rdw';
import type { RdwRows, SocrataRow } from './rdw.types.js';

/**
 * RDW's words for "not applicable / not registered" in text fields (compared trimmed and in
 * lower case): `N.v.t.` (niet van toepassing) and `Niet geregistreerd`. They are no values, so
 * every mapped member reads them as null; the raw `rdw` section keeps them as RDW sent them.
 */
const TEXT_PLACEHOLDERS: ReadonlySet<string> = new Set(['n.v.t.', 'n.v.t', 'niet geregistreerd']);

const text = (row: SocrataRow | undefined, field: string): string | null => {
  const value = row?.[field];
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' || TEXT_PLACEHOLDERS.has(s.toLowerCase()) ? null : s;
};

const number = (row: SocrataRow | undefined, field: string): number | null => {
  const s = text(row, field);
  if (s === null) return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};

/** A whole number where 0 is a real value (towing capacity, sequence numbers). */
const integer = (row: SocrataRow | undefined, field: string): number | null => {
  const n = number(row, field);
  return n === null ? null : Math.round(n);
};

/**
 * A count or measure where RDW writes `0` (or `0.00`) for "not applicable/unknown": no vehicle
 * is 0 cm long, weighs 0 kg, has 0 kW, 0 km/h, 0 seats, doors or wheels, costs €0 new, or has
 * an electric range of 0 km or a consumption of 0 Wh/km, so an exact 0 is null. Used for:
 * mass_empty, power_kw, top_speed_kmh, seats, doors, wheels, length_cm, wheelbase_cm,
 * mass_roadworthy_kg, max_mass_kg, catalog_price_eur, axle_count, electric_range_km and
 * electric_consumption_wh_km. Not for fields where 0 is a fact: towing capacity (0 kg = may not
 * tow), and CO2 (0 g/km for an EV), which only the raw section carries, as RDW's string.
 */
const measure = (row: SocrataRow | undefined, field: string): number | null => {
  const n = number(row, field);
  return n === null || n === 0 ? null : Math.round(n);
};

/** `Ja`/`Nee` → true/false; anything else (or absent) → null. */
const flag = (row: SocrataRow | undefined, field: string): boolean | null => {
  const s = text(row, field)?.toLowerCase();
  return s === 'ja' ? true : s === 'nee' ? false : null;
};

/** A registry date as `YYYY-MM-DD`: the `_dt` timestamp's date part, else the `YYYYMMDD` form. */
const date = (row: SocrataRow | undefined, field: string): string | null => {
  const iso = text(row, `${field}_dt`);
  if (iso && /^\d{4}-\d{2}-\d{2}/.test(iso)) return iso.slice(0, 10);
  const compact = text(row, field);
  return compact && /^\d{8}$/.test(compact)
    ? `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`
    : null;
};

const byNumber = (field: string) => (a: SocrataRow, b: SocrataRow) =>
  (integer(a, field) ?? 0) - (integer(b, field) ?? 0);

const fuelsOf = (rows: RdwRows) => [...rows.fuel].sort(byNumber('brandstof_volgnummer'));
const fuelNames = (rows: RdwRows) =>
  fuelsOf(rows)
    .map((f) => text(f, 'brandstof_omschrijving'))
    .filter((f): f is string => f !== null);

/** The Euro class: `EURO 6 AP` → 6, or the numeric emission code; null when unknown. */
export function emissionClass(rows: RdwRows): number | null {
  for (const fuel of fuelsOf(rows)) {
    const level = /EURO\s*([IVX\d]+)/i.exec(text(fuel, 'uitlaatemissieniveau') ?? '');
    if (level) {
      const roman = { I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7 } as Record<string, number>;
      const n = Number(level[1]) || roman[level[1].toUpperCase()];
      if (n) return n;
    }
    const code = text(fuel, 'emissiecode_omschrijving');
    if (code && /^\d$/.test(code)) return Number(code);
  }
  return null;
}

const ZERO_OR_CLEAN = ['elektriciteit', 'waterstof', 'cng', 'lng'];

/**
 * The spec's green-zone rule (national low-emission zones 2024–2025): electric, hydrogen and
 * CNG always; petrol yes; diesel only from Euro 6; null when the fuel or, for diesel, the class
 * is unknown. A vehicle with a diesel engine is judged as a diesel, whatever else it has.
 */
export function allowedInGreenZones(
  fuels: readonly string[],
  euroClass: number | null,
): boolean | null {
  const names = fuels.map((f) => f.toLowerCase());
  if (names.includes('diesel')) return euroClass === null ? null : euroClass >= 6;
  if (names.some((f) => ZERO_OR_CLEAN.includes(f))) return true;
  if (names.some((f) => f === 'benzine' || f === 'lpg' || f === 'alcohol')) return true;
  return null;
}

function liteVehicle(rows: RdwRows): VehicleLite {
  const v = rows.vehicle;
  const fuels = fuelsOf(rows);
  // Net maximum power (docs/api/vehicles.md, "power_kw"): the combustion engine's, else the
  // electric motor's net maximum, never its nominal continuous (or 15-minute) rating.
  const power =
    fuels.map((f) => measure(f, 'nettomaximumvermogen')).find((p) => p !== null) ??
    fuels.map((f) => measure(f, 'netto_max_vermogen_elektrisch')).find((p) => p !== null) ??
    null;
  return {
    brand: text(v, 'merk'),
    model: text(v, 'handelsbenaming'),
    color: text(v, 'eerste_kleur'),
    fuel_type: fuelNames(rows)[0] ?? null,
    mass_empty: measure(v, 'massa_ledig_voertuig'),
    power_kw: power,
    top_speed_kmh:
      measure(v, 'maximale_constructiesnelheid') ??
      fuels.map((f) => measure(f, 'opgegeven_maximum_snelheid')).find((s) => s !== null) ??
      null,
    registration_date: date(v, 'datum_tenaamstelling'),
    first_admission_date: date(v, 'datum_eerste_toelating'),
  };
}

export function toCompliance(rows: RdwRows): VehicleCompliance {
  const v = rows.vehicle;
  const euro = emissionClass(rows);
  return {
    apk_expiry_date: date(v, 'vervaldatum_apk'),
    tachograph_expiry_date: date(v, 'vervaldatum_tachograaf'),
    emission_class: euro,
    allowed_in_green_zones: allowedInGreenZones(fuelNames(rows), euro),
    transfer_possible: flag(v, 'tenaamstellen_mogelijk'),
    recall_active: flag(v, 'openstaande_terugroepactie_indicator'),
    export_indicator: flag(v, 'export_indicator'),
    taxi: flag(v, 'taxi_indicator'),
    liability_insured: flag(v, 'wam_verzekerd'),
    last_odometer_report: text(v, 'jaar_laatste_registratie_tellerstand'),
  };
}

export const toLiteVehicle = liteVehicle;

/**
 * Every listed field as RDW sent it, a string, or null when the row lacks it: a field RDW
 * drops stays in our answer as null, and fields RDW adds are not passed on unlisted.
 */
function raw(row: SocrataRow, fields: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(
    fields.map((f) => [f, row[f] === undefined || row[f] === null ? null : String(row[f])]),
  );
}

export function toRaw(rows: RdwRows): RdwRaw {
  return {
    vehicle: raw(rows.vehicle, RDW_VEHICLE_FIELDS),
    fuel: fuelsOf(rows).map((r) => raw(r, RDW_FUEL_FIELDS)),
    body: [...(rows.body ?? [])]
      .sort(byNumber('carrosserie_volgnummer'))
      .map((r) => raw(r, RDW_BODY_FIELDS)),
    axles: [...(rows.axles ?? [])].sort(byNumber('as_nummer')).map((r) => raw(r, RDW_AXLE_FIELDS)),
  };
}

/**
 * Hybrid: true when RDW gives a hybrid class (`OVC-HEV`/`NOVC-HEV`) or an electric fuel row
 * beside another fuel; false when the fuels are known and neither holds; null when the fuel
 * dataset named no fuel (no rows, or none with a `brandstof_omschrijving`): unknown, not false.
 */
function isHybrid(fuels: readonly SocrataRow[], names: readonly string[]): boolean | null {
  if (fuels.some((f) => text(f, 'klasse_hybride_elektrisch_voertuig') !== null)) return true;
  if (names.length === 0) return null;
  return names.some((n) => n.toLowerCase() === 'elektriciteit') && names.length > 1;
}

export function toFullVehicle(rows: RdwRows): VehicleFull {
  const v = rows.vehicle;
  const fuels = fuelsOf(rows);
  const names = fuelNames(rows);
  const body = [...(rows.body ?? [])].sort(byNumber('carrosserie_volgnummer'))[0];
  const axles = [...(rows.axles ?? [])].sort(byNumber('as_nummer'));
  const electric = names.some((n) => n.toLowerCase() === 'elektriciteit');
  const first = (fields: string[]) => {
    for (const field of fields)
      for (const fuel of fuels) {
        const n = measure(fuel, field);
        if (n !== null) return n;
      }
    return null;
  };
  const full: VehicleFull = {
    ...liteVehicle(rows),
    fuel_types: names,
    hybrid: isHybrid(fuels, names),
    vehicle_type: text(v, 'voertuigsoort'),
    seats: measure(v, 'aantal_zitplaatsen'),
    doors: measure(v, 'aantal_deuren'),
    wheels: measure(v, 'aantal_wielen'),
    length_cm: measure(v, 'lengte'),
    wheelbase_cm: measure(v, 'wielbasis'),
    mass_roadworthy_kg: measure(v, 'massa_rijklaar'),
    max_mass_kg: measure(v, 'toegestane_maximum_massa_voertuig'),
    towing_capacity_braked_kg: integer(v, 'maximum_trekken_massa_geremd'),
    towing_capacity_unbraked_kg: integer(v, 'maximum_massa_trekken_ongeremd'),
    catalog_price_eur: measure(v, 'catalogusprijs'),
    axle_count: measure(axles[0], 'aantal_assen') ?? (axles.length || null),
    eu_category: text(v, 'europese_voertuigcategorie'),
    type_approval_number: text(v, 'typegoedkeuringsnummer'),
    body_type: text(body, 'type_carrosserie_europese_omschrijving') ?? text(v, 'inrichting'),
    body_code: text(body, 'carrosserietype'),
    driven_axles: axles
      .filter((a) => ['j', 'ja'].includes((text(a, 'aangedreven_as') ?? '').toLowerCase()))
      .map((a) => integer(a, 'as_nummer'))
      .filter((n): n is number => n !== null),
  };
  // Only vehicles that drive electrically carry these; combustion vehicles omit them.
  if (electric) {
    full.electric_range_km = first([
      'actie_radius_enkel_elektrisch_wltp',
      'actieradius',
      'actie_radius_extern_opladen_wltp',
      'actieradius_extern_oplaadbaar',
    ]);
    full.electric_consumption_wh_km = first([
      'elektrisch_verbruik_enkel_elektrisch_wltp',
      'elektriciteitsverbruik_volledig_elektrisch',
      'elektrisch_verbruik_extern_opladen_wltp',
      'elektriciteitsverbruik_gewogen_gecombineerd',
    ]);
  }
  return full;
}
