/** Raw shapes of RDW open data (Socrata SODA); never exported from the lib. */

/** A Socrata row: every value a string; absent (null) columns are left out. */
export type SocrataRow = Readonly<Record<string, unknown>>;

/** The rows of one plate from the datasets a lookup needs (lite: vehicle and fuel). */
export interface RdwRows {
  readonly vehicle: SocrataRow;
  readonly fuel: readonly SocrataRow[];
  readonly body?: readonly SocrataRow[];
  readonly axles?: readonly SocrataRow[];
}

/** The four datasets of a vehicle, by their Socrata id on opendata.rdw.nl. */
export const DATASETS = {
  vehicle: 'm9d7-ebf2',
  fuel: '8ys7-d773',
  body: 'vezc-m2t6',
  axles: '3huj-srit',
} as const;
export type Dataset = keyof typeof DATASETS;
