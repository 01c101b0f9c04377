import { ApiProperty } from '@nestjs/swagger';
import { AddressRecord, PropertyValue } from './property.responses.js';

const str = { type: String, nullable: true } as const;
const num = { type: Number, nullable: true } as const;
const bool = { type: Boolean, nullable: true } as const;
const stamp = {
  type: String,
  nullable: true,
  example: '2025-11-17T00:00:00',
  description: 'Timestamp without zone, as EP-Online registers it.',
} as const;

/** `bag_identifiers`. */
export class BagIdentifiers {
  @ApiProperty({ example: '0344200000128086' }) nummeraanduiding_id: string;
  @ApiProperty({ ...str, example: '0344010000006589' }) verblijfsobject_id: string | null;
  @ApiProperty({ ...str, example: '0344300000000177' }) openbareruimte_id: string | null;
}

/** One registered energy label, every member of the spec's energy label record. */
export class EnergyLabelRecord {
  @ApiProperty(stamp) registration_date: string | null;
  @ApiProperty(stamp) recording_date: string | null;
  @ApiProperty(stamp) valid_until: string | null;
  @ApiProperty(str) certificate_holder: string | null;
  @ApiProperty({ ...str, example: 'Detailopname' }) recording_type: string | null;
  @ApiProperty({ ...str, example: 'Bestaand' }) status: string | null;
  @ApiProperty({ ...str, example: 'NTA 8800:2024' }) calculation_type: string | null;
  @ApiProperty(bool) is_simplified_label: boolean | null;
  @ApiProperty(bool) based_on_reference_building: boolean | null;
  @ApiProperty({ ...str, example: 'Woningbouw' }) building_class: string | null;
  @ApiProperty({ ...str, example: 'Tussenwoning' }) building_type: string | null;
  @ApiProperty(str) building_subtype: string | null;
  @ApiProperty(str) sbi_code: string | null;
  @ApiProperty({ ...str, example: '3526KP' }) zipcode: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 93 }) house_number: number | null;
  @ApiProperty(str) house_letter: string | null;
  @ApiProperty(str) house_number_addition: string | null;
  @ApiProperty(str) detail_description: string | null;
  @ApiProperty({ ...str, description: 'BAG verblijfsobject id.' }) bag_residence_id: string | null;
  @ApiProperty({ ...str, description: 'BAG ligplaats id.' }) bag_mooring_id: string | null;
  @ApiProperty({ ...str, description: 'BAG standplaats id.' }) bag_stand_id: string | null;
  @ApiProperty({ type: [String], description: 'BAG pand ids.' }) bag_building_ids: string[];
  @ApiProperty({ ...num, example: 1990 }) construction_year: number | null;
  @ApiProperty({ ...num, description: 'm².' }) usable_area_thermal_zone: number | null;
  @ApiProperty(num) compactness: number | null;
  @ApiProperty({ ...str, example: 'A' }) energy_class: string | null;
  @ApiProperty(num) energy_index: number | null;
  @ApiProperty(num) energy_index_emg_forfeit: number | null;
  @ApiProperty({ ...num, description: 'BENG 1, kWh/m²·year.' }) energy_demand: number | null;
  @ApiProperty({ ...num, description: 'BENG 2, kWh/m²·year.' })
  primary_fossil_energy: number | null;
  @ApiProperty(num) primary_fossil_energy_emg_forfeit: number | null;
  @ApiProperty({ ...num, description: 'BENG 3, %.' }) renewable_energy_share: number | null;
  @ApiProperty(num) renewable_energy_share_emg_forfeit: number | null;
  @ApiProperty({ ...num, description: 'TOjuli.' }) temperature_overrun: number | null;
  @ApiProperty(num) heat_demand: number | null;
  @ApiProperty(num) requirement_energy_demand: number | null;
  @ApiProperty(num) requirement_primary_fossil_energy: number | null;
  @ApiProperty(num) requirement_renewable_energy_share: number | null;
  @ApiProperty(num) requirement_temperature_overrun: number | null;
  @ApiProperty(num) calculated_co2_emission: number | null;
  @ApiProperty(num) calculated_energy_consumption: number | null;
}

/** `energy_label`: the most recent label, reduced. */
export class EnergyLabelSummary {
  @ApiProperty({ ...str, example: 'A', description: 'The label class as shown on the label.' })
  label: string | null;
  @ApiProperty({ ...str, example: 'A' }) energy_class: string | null;
  @ApiProperty(num) energy_index: number | null;
  @ApiProperty(str) building_class: string | null;
  @ApiProperty(str) building_type: string | null;
  @ApiProperty(str) building_subtype: string | null;
  @ApiProperty(num) construction_year: number | null;
  @ApiProperty(num) calculated_co2_emission: number | null;
  @ApiProperty(num) calculated_energy_consumption: number | null;
  @ApiProperty(stamp) registration_date: string | null;
  @ApiProperty(stamp) valid_until: string | null;
}

export class EnergyRecording {
  @ApiProperty(stamp) recording_date: string | null;
  @ApiProperty(str) recording_type: string | null;
  @ApiProperty(str) certificate_holder: string | null;
  @ApiProperty(str) status: string | null;
  @ApiProperty(str) calculation_type: string | null;
  @ApiProperty(bool) is_simplified_label: boolean | null;
  @ApiProperty(bool) based_on_reference_building: boolean | null;
}

export class EnergyPerformance {
  @ApiProperty(num) energy_index_emg_forfeit: number | null;
  @ApiProperty(num) energy_demand: number | null;
  @ApiProperty(num) primary_fossil_energy: number | null;
  @ApiProperty(num) primary_fossil_energy_emg_forfeit: number | null;
  @ApiProperty(num) renewable_energy_share: number | null;
  @ApiProperty(num) renewable_energy_share_emg_forfeit: number | null;
  @ApiProperty(num) temperature_overrun: number | null;
  @ApiProperty(num) heat_demand: number | null;
}

export class EnergyRequirements {
  @ApiProperty(num) energy_demand: number | null;
  @ApiProperty(num) primary_fossil_energy: number | null;
  @ApiProperty(num) renewable_energy_share: number | null;
  @ApiProperty(num) temperature_overrun: number | null;
}

/** `energy_details`: the most recent label in detail. */
export class EnergyDetails {
  @ApiProperty({ type: EnergyRecording }) recording: EnergyRecording;
  @ApiProperty({ type: EnergyPerformance }) energy_performance: EnergyPerformance;
  @ApiProperty({ type: EnergyRequirements }) requirements: EnergyRequirements;
  @ApiProperty({ type: [String] }) bag_building_ids: string[];
  @ApiProperty(str) sbi_code: string | null;
  @ApiProperty(str) detail_description: string | null;
}

/** `building`: BAG's surface and build year, the latest label's type, class and compactness. */
export class Building {
  @ApiProperty({ ...num, example: 1000, description: 'm²: BAG, else the label.' })
  surface_area: number | null;
  @ApiProperty({ ...num, example: 1990, description: 'BAG, else the label.' })
  construction_year: number | null;
  @ApiProperty({ ...str, description: 'Of the latest energy label.' }) type: string | null;
  @ApiProperty({ ...str, description: 'Of the latest energy label.' }) subtype: string | null;
  @ApiProperty({ ...str, description: 'Of the latest energy label.' }) class: string | null;
  @ApiProperty({ ...num, description: 'Of the latest energy label.' }) compactness: number | null;
}

/** The bestemmingsvlak (zoning area) of the plan at the address point. */
export class Bestemmingsvlak {
  @ApiProperty(str) id: string | null;
  @ApiProperty({ ...str, example: 'Wonen - 1' }) naam: string | null;
  @ApiProperty({ ...str, example: 'enkelbestemming' }) type: string | null;
  @ApiProperty({ ...str, example: 'wonen' }) bestemmingshoofdgroep: string | null;
}

/** `spatial_planning`: the bestemmingsplan in force at the address point. */
export class SpatialPlanning {
  @ApiProperty({
    type: Boolean,
    description: 'The bestemmingsvlak is agricultural (hoofdgroep agrarisch…).',
  })
  agrarisch: boolean;
  @ApiProperty({ example: 'bestemmingsplan' }) type: string;
  @ApiProperty({ example: 'Europalaan e.o.' }) plan: string;
  @ApiProperty({ example: 'NL.IMRO.0344.BPxxxx-VA01' }) plan_id: string;
  @ApiProperty({ example: 'https://www.ruimtelijkeplannen.nl/viewer/view?planidn=NL.IMRO.0344…' })
  plan_url: string;
  @ApiProperty({ ...str, example: 'vastgesteld' }) plan_status: string | null;
  @ApiProperty({ ...str, example: '2015-06-25', description: 'Date (YYYY-MM-DD).' })
  plan_datum: string | null;
  @ApiProperty(str) overheid: string | null;
  @ApiProperty({ type: Bestemmingsvlak, nullable: true }) bestemmingsvlak: Bestemmingsvlak | null;
}

export const DOSSIER_SOURCE_STATUSES = ['ok', 'empty', 'failed', 'not_configured'] as const;
export type DossierSourceStatus = (typeof DOSSIER_SOURCE_STATUSES)[number];

/** How one register answered this dossier. */
export class DossierSource {
  @ApiProperty({
    enum: ['pdok', 'bag', 'ep-online', 'woz', 'ruimtelijke-plannen'],
    example: 'ep-online',
  })
  source: string;
  @ApiProperty({
    type: [String],
    example: ['energy_labels', 'energy_label', 'energy_details'],
    description: 'The members of the dossier this source fills.',
  })
  blocks: string[];
  @ApiProperty({
    enum: DOSSIER_SOURCE_STATUSES,
    description:
      'ok: answered; empty: answered that it holds nothing for this address (e.g. no label registered); failed: did not answer (its blocks are null); not_configured: this server has no key for it (its blocks are null).',
  })
  status: DossierSourceStatus;
  @ApiProperty({
    ...str,
    example: 'upstream_timeout',
    description: 'Why it failed: upstream_timeout, upstream_unavailable, upstream_not_configured.',
  })
  code: string | null;
  @ApiProperty({ ...str, description: 'In words.' }) reason: string | null;
}

/** `meta` of a dossier: complete or not, and each source's answer. */
export class DossierMeta {
  @ApiProperty({
    type: Boolean,
    description:
      'Every source answered (ok or empty). A partial dossier (false) costs the partial price.',
  })
  complete: boolean;
  @ApiProperty({ type: [DossierSource] }) sources: DossierSource[];
}

/** `GET /v1/property/pandgegevens`: the spec's combined property response, plus `meta`. */
export class PandgegevensResponse {
  @ApiProperty({ type: Boolean, example: true }) found: boolean;
  @ApiProperty({ type: AddressRecord }) address: AddressRecord;
  @ApiProperty({ type: BagIdentifiers }) bag_identifiers: BagIdentifiers;
  @ApiProperty({
    type: [EnergyLabelRecord],
    nullable: true,
    description:
      'Every label registered for the address, newest first; [] when none; null when EP-Online did not answer.',
  })
  energy_labels: EnergyLabelRecord[] | null;
  @ApiProperty({ type: EnergyLabelSummary, nullable: true })
  energy_label: EnergyLabelSummary | null;
  @ApiProperty({ type: EnergyDetails, nullable: true }) energy_details: EnergyDetails | null;
  @ApiProperty({ type: PropertyValue, nullable: true }) property_value: PropertyValue | null;
  @ApiProperty({ type: Building, nullable: true }) building: Building | null;
  @ApiProperty({
    type: SpatialPlanning,
    nullable: true,
    description:
      'null when no bestemmingsplan covers the point, or the plans source did not answer (see meta).',
  })
  spatial_planning: SpatialPlanning | null;
  @ApiProperty({ type: DossierMeta }) meta: DossierMeta;
}

/** 404 of `GET /v1/property/pandgegevens`: the address is not in the register. */
export class PandgegevensNotFound {
  @ApiProperty({ type: Boolean, example: false }) found: false;
  @ApiProperty({ type: Object, nullable: true, example: null }) address: null;
}
