import type { Recording } from '@nl/platform-upstream';
import { FakeUpstream } from '../fake-upstream.js';

type Row = Readonly<Record<string, unknown>>;

/** Rows per `<dataset id>:<plate>`, shared by the fake and the recording it serves. */
export type RdwRows = Map<string, readonly Row[]>;

/** The RDW domain's recording and its rows (`rdwRecording`, `recordedRows` of `@nl/domain-rdw`). */
export interface RdwRecordingSource {
  readonly recording: (rows: RdwRows) => Recording;
  readonly rows: () => RdwRows;
}

/** The four datasets a vehicle lookup reads, by Socrata id. */
export const RDW_DATASETS = {
  vehicle: 'm9d7-ebf2',
  fuel: '8ys7-d773',
  body: 'vezc-m2t6',
  axles: '3huj-srit',
} as const;

/**
 * A battery-electric car for tests only, shaped like RDW's published fuel rows of an electric
 * vehicle: real field names, made-up values and plate. Not in the recording, so the sandbox never
 * answers it.
 */
const ELECTRIC: Record<string, Row[]> = {
  [RDW_DATASETS.vehicle]: [
    {
      kenteken: 'XXX99X',
      voertuigsoort: 'Personenauto',
      merk: 'TESLA',
      handelsbenaming: 'MODEL 3',
      inrichting: 'Sedan',
      eerste_kleur: 'ZWART',
      tweede_kleur: 'Niet geregistreerd',
      aantal_zitplaatsen: '5',
      massa_ledig_voertuig: '1745',
      massa_rijklaar: '1845',
      toegestane_maximum_massa_voertuig: '2232',
      datum_eerste_toelating: '20230315',
      datum_eerste_toelating_dt: '2023-03-15T00:00:00.000',
      datum_tenaamstelling: '20230315',
      vervaldatum_apk: '20270315',
      catalogusprijs: '45990',
      wam_verzekerd: 'Ja',
      europese_voertuigcategorie: 'M1',
      zuinigheidsclassificatie: 'A',
    },
  ],
  [RDW_DATASETS.fuel]: [
    {
      kenteken: 'XXX99X',
      brandstof_volgnummer: '1',
      brandstof_omschrijving: 'Elektriciteit',
      netto_max_vermogen_elektrisch: '208.00',
      nominaal_continu_maximumvermogen: '175.00',
      max_vermogen_15_minuten: '150.00',
      elektrisch_verbruik_enkel_elektrisch_wltp: '144',
      actie_radius_enkel_elektrisch_wltp: '513',
      co2_uitstoot_gecombineerd: '0',
      geluidsniveau_rijdend: '68',
      emissiecode_omschrijving: 'Z',
    },
  ],
};

/**
 * A fake of RDW open data (Socrata) serving the RDW domain's recording over HTTP — the rows the
 * sandbox answers from — plus the test-only electric car: `GET /resource/{dataset}.json?kenteken=X`
 * answers that plate's rows, `[]` for an unknown plate, as Socrata does. Failure modes per
 * dataset come from the harness: `fake.upstream.timeout(Infinity, datasetPath(id))`.
 */
export class RdwFake {
  private constructor(
    readonly upstream: FakeUpstream,
    private readonly rows: RdwRows,
  ) {}

  static async start(source: RdwRecordingSource): Promise<RdwFake> {
    const rows = source.rows();
    for (const [dataset, data] of Object.entries(ELECTRIC))
      for (const row of data) rows.set(`${dataset}:${String(row['kenteken'])}`, [row]);
    return new RdwFake(await FakeUpstream.serving(source.recording(rows)), rows);
  }

  get url(): string {
    return this.upstream.url;
  }

  /** Calls made for one dataset. */
  callsTo(dataset: string) {
    return this.upstream.callsTo(datasetPath(dataset));
  }

  /** Replaces a plate's rows in one dataset (e.g. to simulate a dataset change). */
  setRows(dataset: string, plate: string, rows: Row[]): void {
    this.rows.set(`${dataset}:${plate}`, rows);
  }

  close(): Promise<void> {
    return this.upstream.close();
  }
}

export function datasetPath(dataset: string): string {
  return `/resource/${dataset}.json`;
}
