import type { EmissionZoneRecord } from '@nl/contracts-ndw';

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
    }
  | { readonly kind: 'location'; readonly id: string }
  | {
      readonly kind: 'vehicle';
      readonly id: string;
      /** Lower case as published: `n1`, `n2`, `n3`, `m1`. */
      readonly category: string | null;
      /** `battery`, `hydrogen`, `diesel`, `petrol`, … */
      readonly fuel: string | null;
      /** `euro5`, `euro6`, … */
      readonly euro: string | null;
      readonly age: { readonly operator: string; readonly years: number } | null;
      /** Characteristics no registry lookup can show: special purpose, owner type. */
      readonly other: string | null;
    }
  | { readonly kind: 'other'; readonly id: string; readonly type: string };

/** A row of `ndw.emission_zone`. */
export interface EmissionZoneRow {
  readonly id: string;
  readonly city_key: string | null;
  readonly categories: string[];
  readonly zone: EmissionZoneRecord;
  readonly conditions: ZoneCondition | null;
}
