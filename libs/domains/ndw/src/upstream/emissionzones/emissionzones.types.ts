import type { EmissionZoneRecord } from '@nl/contracts-ndw';

/**
 * One characteristic of a DATEX II `VehicleCondition`, as read from the file. Every element
 * under `vehicleCharacteristics` becomes one of these: an element this service does not know is
 * kept as `unread`, so it can only make an answer unknown, never pass silently.
 */
export type VehicleCriterion =
  /** `euVehicleCategory`, lower case as published: a group (`m`, `n`) or a category (`n1`). */
  | { readonly kind: 'category'; readonly value: string }
  /** `fuelType`: `battery`, `hydrogen`, `diesel`, `petrol`, … */
  | { readonly kind: 'fuel'; readonly value: string }
  /** `emissionClassificationEuro` with DATEX extensions resolved: `euro1` … `euro6`, `euroVI`. */
  | { readonly kind: 'euro'; readonly value: string }
  /** `ageCharacteristic` with `vehicleAge`. */
  | { readonly kind: 'age'; readonly operator: string; readonly years: number }
  /** `ageCharacteristic` with `yearOfFirstRegistration`. */
  | { readonly kind: 'firstRegistration'; readonly operator: string; readonly year: number }
  /** `vehicleUsage`: `taxi`, … */
  | { readonly kind: 'usage'; readonly value: string }
  /** `vehicleType`: `anyVehicle`, `lorry`, … */
  | { readonly kind: 'vehicleType'; readonly value: string }
  /** `euSpecialPurposeVehicle`: `motorCaravan`, `mobileCrane`, … */
  | { readonly kind: 'specialPurpose'; readonly value: string }
  /** `ownerType`: `permanentResident`, … (no vehicle register shows the owner). */
  | { readonly kind: 'ownerType'; readonly value: string }
  | { readonly kind: 'unread'; readonly element: string; readonly value: string };

/** A DATEX II v3 traffic-regulation condition, reduced to what a vehicle check needs. */
export type ZoneCondition =
  | {
      readonly kind: 'set';
      readonly id: string;
      readonly operator: 'and' | 'or';
      readonly negate: boolean;
      readonly conditions: readonly ZoneCondition[];
    }
  | {
      readonly kind: 'validity';
      readonly id: string;
      readonly from: string | null;
      readonly until: string | null;
      /** DATEX `validityStatus`: `definedByValidityTimeSpec`, `active`, `suspended`, … */
      readonly status: string | null;
      /** Parts of the time specification not read (recurring periods, exceptions). */
      readonly unread: readonly string[];
    }
  | { readonly kind: 'location'; readonly id: string }
  | {
      readonly kind: 'vehicle';
      readonly id: string;
      readonly criteria: readonly VehicleCriterion[];
    }
  | { readonly kind: 'other'; readonly id: string; readonly type: string };

/** A row of `ndw.emission_zone`. */
export interface EmissionZoneRow {
  readonly id: string;
  /** The municipality as the `city` filter compares it (see `municipalityKey`). */
  readonly city_key: string | null;
  /** The EU categories the zone's restriction can apply to (the `vehicle_category` filter). */
  readonly categories: string[];
  readonly zone: EmissionZoneRecord;
  readonly conditions: ZoneCondition | null;
}
