import type { SbiMapping, SbiMappingType } from '@nl/contracts-cbs';

/** One class pair of Eurostat's NACE Rev. 2 → NACE Rev. 2.1 table (data/PROVENANCE.md). */
export interface NacePair {
  /** NACE Rev. 2 class, dotted as Eurostat writes it: `10.11`. */
  readonly nace2: string;
  /** NACE Rev. 2.1 class, dotted: `10.11`. */
  readonly nace21: string;
}

/** How one SBI 2008 class reaches SBI 2025, at the four-digit level. */
export interface SbiClassDerivation {
  readonly mapping: SbiMapping;
  /** The NACE Rev. 2 classes it went through, dotted. */
  readonly nace2: readonly string[];
  /** The SBI 2025 classes (= NACE Rev. 2.1 classes, compact) it may have become. */
  readonly classes: readonly { readonly code: string; readonly mappingType: SbiMappingType }[];
}
