import { readFileSync } from 'node:fs';
import { FakeUpstream, type FakeRoute } from '../fake-upstream.js';

type Row = Record<string, string>;

/** The four datasets a vehicle lookup reads, by Socrata id. */
export const RDW_DATASETS = {
  vehicle: 'm9d7-ebf2',
  fuel: '8ys7-d773',
  body: 'vezc-m2t6',
  axles: '3huj-srit',
} as const;

const sample = (file: string): Row[] =>
  JSON.parse(readFileSync(new URL(`../samples/rdw/${file}`, import.meta.url), 'utf8')) as Row[];

/**
 * A battery-electric car for tests only, from the illustrative rows of the upstream notes
 * (rdw.md §4.3): real field names, made-up values and plate.
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
  [RDW_DATASETS.body]: [],
  [RDW_DATASETS.axles]: [],
};

/** Rows per dataset per plate: the recorded samples (libs/testing/src/samples) plus the EV. */
function defaultRows(): Map<string, Row[]> {
  const rows = new Map<string, Row[]>();
  const add = (dataset: string, data: Row[]) => {
    for (const row of data) {
      const key = `${dataset}:${row['kenteken']}`;
      rows.set(key, [...(rows.get(key) ?? []), row]);
    }
  };
  add(RDW_DATASETS.vehicle, sample('m9d7-ebf2_TT601D.json'));
  add(RDW_DATASETS.fuel, sample('8ys7-d773_TT601D.json'));
  add(RDW_DATASETS.axles, sample('3huj-srit_TT601D.json'));
  add(RDW_DATASETS.body, sample('vezc-m2t6_TT601D.json'));
  add(RDW_DATASETS.vehicle, sample('m9d7-ebf2_F794KP.json'));
  add(RDW_DATASETS.fuel, sample('8ys7-d773_F794KP.json'));
  add(RDW_DATASETS.vehicle, sample('m9d7-ebf2_R759BK_full.json'));
  for (const [dataset, data] of Object.entries(ELECTRIC)) add(dataset, data);
  return rows;
}

/**
 * A fake of RDW open data (Socrata): `GET /resource/{dataset}.json?kenteken=X` answers the
 * rows of that plate as a JSON array, `[]` for an unknown plate, as Socrata does. Failure
 * modes per dataset come from the harness: `fake.upstream.timeout(Infinity, datasetPath(id))`.
 */
export class RdwFake {
  private constructor(
    readonly upstream: FakeUpstream,
    private readonly rows: Map<string, Row[]>,
  ) {}

  static async start(): Promise<RdwFake> {
    const rows = defaultRows();
    const routes: FakeRoute[] = [
      {
        method: 'GET',
        path: '/resource/:dataset.json',
        handle: (r) => {
          const plate = r.query.get('kenteken');
          if (!plate)
            return {
              status: 400,
              body: { code: 'query.soql.invalid', error: true, message: 'no filter' },
            };
          return { body: rows.get(`${r.params['dataset']}:${plate}`) ?? [] };
        },
      },
    ];
    return new RdwFake(await FakeUpstream.start(routes), rows);
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
