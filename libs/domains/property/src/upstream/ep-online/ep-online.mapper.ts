import type { EnergyDetails, EnergyLabelRecord, EnergyLabelSummary } from '@nl/contracts-property';
import type { EpLabel } from './ep-online.types.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A timestamp without zone, as the spec writes the label dates: `2025-11-17` becomes
 * `2025-11-17T00:00:00`, a zone designator is dropped (EP-Online registers Dutch dates), a
 * fraction kept. Anything else is null.
 */
export function localTimestamp(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (DATE_ONLY.test(text)) return `${text}T00:00:00`;
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  return match[1].length === 16 ? `${match[1]}:00` : match[1];
}

const num = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const int = (value: number | null | undefined) =>
  Number.isInteger(value) ? (value as number) : null;
const text = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const bool = (value: boolean | null | undefined) => (typeof value === 'boolean' ? value : null);

/** One record in the spec's energy label shape (snake_case; EP-Online's v5 record mapped). */
export function toEnergyLabel(label: EpLabel): EnergyLabelRecord {
  return {
    registration_date: localTimestamp(label.Registratiedatum),
    recording_date: localTimestamp(label.Opnamedatum),
    valid_until: localTimestamp(label.Geldig_tot),
    certificate_holder: text(label.Certificaathouder),
    recording_type: text(label.Soort_opname),
    status: text(label.Status),
    calculation_type: text(label.Berekeningstype),
    is_simplified_label: bool(label.IsVereenvoudigdLabel),
    based_on_reference_building: bool(label.Op_basis_van_referentiegebouw),
    building_class: text(label.Gebouwklasse),
    building_type: text(label.Gebouwtype),
    building_subtype: text(label.Gebouwsubtype),
    sbi_code: text(label.SBIcode),
    zipcode: text(label.Postcode)?.replace(/\s/g, '').toUpperCase() ?? null,
    house_number: int(label.Huisnummer),
    house_letter: text(label.Huisletter),
    house_number_addition: text(label.Huisnummertoevoeging),
    detail_description: text(label.Detailaanduiding),
    bag_residence_id: text(label.BAGVerblijfsobjectID),
    bag_mooring_id: text(label.BAGLigplaatsID),
    bag_stand_id: text(label.BAGStandplaatsID),
    bag_building_ids: (label.BAGPandIDs ?? []).filter((id) => typeof id === 'string'),
    construction_year: int(label.Bouwjaar),
    usable_area_thermal_zone: num(label.Gebruiksoppervlakte_thermische_zone),
    compactness: num(label.Compactheid),
    energy_class: text(label.Energieklasse),
    energy_index: num(label.EnergieIndex),
    energy_index_emg_forfeit: num(label.EnergieIndex_EMG_forfaitair),
    energy_demand: num(label.Energiebehoefte),
    primary_fossil_energy: num(label.PrimaireFossieleEnergie),
    primary_fossil_energy_emg_forfeit: num(label.Primaire_fossiele_energie_EMG_forfaitair),
    renewable_energy_share: num(label.Aandeel_hernieuwbare_energie),
    renewable_energy_share_emg_forfeit: num(label.Aandeel_hernieuwbare_energie_EMG_forfaitair),
    temperature_overrun: num(label.Temperatuuroverschrijding),
    heat_demand: num(label.Warmtebehoefte),
    requirement_energy_demand: num(label.Eis_energiebehoefte),
    requirement_primary_fossil_energy: num(label.Eis_primaire_fossiele_energie),
    requirement_renewable_energy_share: num(label.Eis_aandeel_hernieuwbare_energie),
    requirement_temperature_overrun: num(label.Eis_temperatuuroverschrijding),
    calculated_co2_emission: num(label.BerekendeCO2Emissie),
    calculated_energy_consumption: num(label.BerekendeEnergieverbruik),
  };
}

/** Newest first: by registration, then recording date (ISO text sorts as time). */
const newestFirst = (a: EnergyLabelRecord, b: EnergyLabelRecord) =>
  (b.registration_date ?? b.recording_date ?? '').localeCompare(
    a.registration_date ?? a.recording_date ?? '',
  ) || (b.recording_date ?? '').localeCompare(a.recording_date ?? '');

/** Every label of an address, mapped, newest first. */
export function toEnergyLabels(labels: readonly EpLabel[]): EnergyLabelRecord[] {
  return labels.map(toEnergyLabel).sort(newestFirst);
}

/**
 * "The" label of an address (EP-Online registers several): the newest of those still valid on
 * `today` (YYYY-MM-DD), else the newest expired one. Labels must come newest first.
 */
export function latestLabel(
  labels: readonly EnergyLabelRecord[],
  today: string,
): EnergyLabelRecord | null {
  const valid = labels.find((label) => (label.valid_until ?? '') >= today);
  return valid ?? labels[0] ?? null;
}

/** `energy_label`: the reduced form. */
export function toLabelSummary(label: EnergyLabelRecord): EnergyLabelSummary {
  return {
    label: label.energy_class,
    energy_class: label.energy_class,
    energy_index: label.energy_index,
    building_class: label.building_class,
    building_type: label.building_type,
    building_subtype: label.building_subtype,
    construction_year: label.construction_year,
    calculated_co2_emission: label.calculated_co2_emission,
    calculated_energy_consumption: label.calculated_energy_consumption,
    registration_date: label.registration_date,
    valid_until: label.valid_until,
  };
}

/** `energy_details`: the latest label's recording, performance and requirements. */
export function toEnergyDetails(label: EnergyLabelRecord): EnergyDetails {
  return {
    recording: {
      recording_date: label.recording_date,
      recording_type: label.recording_type,
      certificate_holder: label.certificate_holder,
      status: label.status,
      calculation_type: label.calculation_type,
      is_simplified_label: label.is_simplified_label,
      based_on_reference_building: label.based_on_reference_building,
    },
    energy_performance: {
      energy_index_emg_forfeit: label.energy_index_emg_forfeit,
      energy_demand: label.energy_demand,
      primary_fossil_energy: label.primary_fossil_energy,
      primary_fossil_energy_emg_forfeit: label.primary_fossil_energy_emg_forfeit,
      renewable_energy_share: label.renewable_energy_share,
      renewable_energy_share_emg_forfeit: label.renewable_energy_share_emg_forfeit,
      temperature_overrun: label.temperature_overrun,
      heat_demand: label.heat_demand,
    },
    requirements: {
      energy_demand: label.requirement_energy_demand,
      primary_fossil_energy: label.requirement_primary_fossil_energy,
      renewable_energy_share: label.requirement_renewable_energy_share,
      temperature_overrun: label.requirement_temperature_overrun,
    },
    bag_building_ids: label.bag_building_ids,
    sbi_code: label.sbi_code,
    detail_description: label.detail_description,
  };
}
