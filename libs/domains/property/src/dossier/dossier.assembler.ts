import type {
  AddressRecord,
  Building,
  DossierSource,
  EnergyLabelRecord,
  PandgegevensResponse,
  PropertyValue,
  SpatialPlanning,
} from '@nl/contracts-property';
import {
  latestLabel,
  toEnergyDetails,
  toLabelSummary,
} from '../upstream/ep-online/ep-online.mapper.js';
import type { Register } from '../address/registers.js';
import type { PdokAddressDoc } from '../upstream/pdok/pdok.mapper.js';

/** What one source gave the dossier: its part, or why it has none. */
export type SourceOutcome<T> =
  | { readonly status: 'ok' | 'empty'; readonly value: T }
  | {
      readonly status: 'failed' | 'not_configured';
      readonly code: string;
      readonly reason: string;
    };

/** The parts of a dossier, each as its source gave it. */
export interface DossierParts {
  readonly doc: PdokAddressDoc;
  /** PDOK's record completed by BAG; BAG's outcome says whether it did. */
  readonly address: AddressRecord;
  readonly bag: SourceOutcome<unknown>;
  readonly labels: SourceOutcome<readonly EnergyLabelRecord[]>;
  readonly value: SourceOutcome<PropertyValue>;
  readonly planning: SourceOutcome<SpatialPlanning | null>;
}

/** Which members of the response each source fills. */
export const SOURCE_BLOCKS: Readonly<Record<Register, readonly string[]>> = {
  pdok: ['address', 'bag_identifiers'],
  bag: ['address', 'building'],
  'ep-online': ['energy_labels', 'energy_label', 'energy_details', 'building'],
  woz: ['property_value'],
  'ruimtelijke-plannen': ['spatial_planning'],
};

/** The same outcome with its value mapped (a failure stays as it is). */
export function mapOutcome<T, U>(
  outcome: SourceOutcome<T>,
  map: (value: T) => U,
): SourceOutcome<U> {
  return 'value' in outcome ? { status: outcome.status, value: map(outcome.value) } : outcome;
}

const valueOf = <T>(outcome: SourceOutcome<T>): T | null =>
  'value' in outcome ? outcome.value : null;

function sourceEntry(source: Register, outcome: SourceOutcome<unknown>): DossierSource {
  return {
    source,
    blocks: [...SOURCE_BLOCKS[source]],
    status: outcome.status,
    code: 'code' in outcome ? outcome.code : null,
    reason: 'reason' in outcome ? outcome.reason : null,
  };
}

/** BAG's surface and build year (else the label's), the latest label's type, class, compactness. */
function buildingOf(address: AddressRecord, latest: EnergyLabelRecord | null): Building | null {
  const building: Building = {
    surface_area: address.surface_area_m2 ?? latest?.usable_area_thermal_zone ?? null,
    construction_year: address.build_year ?? latest?.construction_year ?? null,
    type: latest?.building_type ?? null,
    subtype: latest?.building_subtype ?? null,
    class: latest?.building_class ?? null,
    compactness: latest?.compactness ?? null,
  };
  return Object.values(building).some((member) => member !== null) ? building : null;
}

/**
 * The spec's combined property response from its parts. A source that did not answer leaves
 * its members null and makes the dossier partial; `meta` says which and why. `today` (YYYY-MM-DD)
 * decides which label is still valid.
 */
export function assembleDossier(
  parts: DossierParts,
  today: string,
): { response: PandgegevensResponse; complete: boolean; answered: Register[] } {
  const labels = valueOf(parts.labels);
  const latest = labels ? latestLabel(labels, today) : null;
  const outcomes: readonly (readonly [Register, SourceOutcome<unknown>])[] = [
    ['pdok', { status: 'ok', value: parts.doc }],
    ['bag', parts.bag],
    ['ep-online', parts.labels],
    ['woz', parts.value],
    ['ruimtelijke-plannen', parts.planning],
  ];
  const sources = outcomes.map(([source, outcome]) => sourceEntry(source, outcome));
  const answered = outcomes.filter(([, o]) => o.status === 'ok' || o.status === 'empty');
  const complete = answered.length === outcomes.length;
  return {
    complete,
    answered: answered.map(([source]) => source),
    response: {
      found: true,
      address: parts.address,
      bag_identifiers: {
        nummeraanduiding_id: parts.doc.nummeraanduiding_id,
        verblijfsobject_id: parts.address.bag_verblijfsobject_id,
        openbareruimte_id: parts.address.bag_openbare_ruimte_id,
      },
      energy_labels: labels ? [...labels] : null,
      energy_label: latest ? toLabelSummary(latest) : null,
      energy_details: latest ? toEnergyDetails(latest) : null,
      property_value: valueOf(parts.value),
      building: buildingOf(parts.address, latest),
      spatial_planning: valueOf(parts.planning),
      meta: { complete, sources },
    },
  };
}
