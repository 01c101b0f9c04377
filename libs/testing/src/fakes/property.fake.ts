import type { Recording } from '@nl/platform-upstream';
import { FakeUpstream } from '../fake-upstream.js';

/**
 * A domain's recording and the data it answers from, which the fake adds test rows to (the
 * testing lib cannot name the domain's types; the fake knows the shapes below).
 */
export interface RecordingSource {
  readonly recording: (data: never) => Recording;
  readonly data: () => unknown;
}

/** What the fake adds test rows to: the BAG recording's objects by id. */
interface BagData {
  readonly addresses: Map<string, unknown>;
  readonly verblijfsobjecten: Map<string, unknown>;
}

/** The property domain's three recordings (`pdokRecording`, `recordedPdok`, … of `@nl/domain-property`). */
export interface PropertyRecordingSources {
  readonly pdok: RecordingSource;
  readonly bag: RecordingSource;
  readonly woz: RecordingSource;
}

/** Europalaan 93, Utrecht: PDOK's recorded address, which the BAG and WOZ recordings lack. */
export const EUROPALAAN_ID = '0344200000128086';
const EUROPALAAN_VBO = '0344010000006589';

/**
 * ILLUSTRATIVE rows for tests only (never served to a test key): Europalaan 93 as the BAG API
 * and the WOZ source would answer it, with the real ids of the PDOK recording, the shapes of
 * bag-api.md §4.2–4.3 and woz.md §2, and made-up values (status, surface, build year, documents,
 * WOZ values, ground surface), so a test can see a complete record and a value with history.
 */
export const ILLUSTRATIVE_BAG_ADDRESS = {
  openbareRuimteNaam: 'Europalaan',
  korteNaam: 'Europaln',
  huisnummer: 93,
  postcode: '3526KP',
  woonplaatsNaam: 'Utrecht',
  nummeraanduidingIdentificatie: EUROPALAAN_ID,
  openbareRuimteIdentificatie: '0344300000000177',
  woonplaatsIdentificatie: '3295',
  adresseerbaarObjectIdentificatie: EUROPALAAN_VBO,
  pandIdentificaties: ['0344100000000001'],
  adresregel5: 'Europalaan 93',
  adresregel6: '3526 KP  UTRECHT',
  typeAdresseerbaarObject: 'Verblijfsobject',
  adresseerbaarObjectStatus: 'Verblijfsobject in gebruik',
  gebruiksdoelen: ['kantoorfunctie'],
  oppervlakte: 1000,
  oorspronkelijkBouwjaar: ['1990'],
} as const;

export const ILLUSTRATIVE_BAG_VERBLIJFSOBJECT = {
  verblijfsobject: {
    type: 'Verblijfsobject',
    identificatie: EUROPALAAN_VBO,
    heeftAlsHoofdAdres: EUROPALAAN_ID,
    gebruiksdoelen: ['kantoorfunctie'],
    oppervlakte: 1000,
    status: 'Verblijfsobject in gebruik',
    geconstateerd: 'N',
    documentdatum: '2000-01-01',
    documentnummer: 'ILLUSTRATIVE-1',
    voorkomen: {
      tijdstipRegistratie: '2010-01-01T00:00:00',
      versie: 1,
      beginGeldigheid: '2000-01-01',
    },
    maaktDeelUitVan: ['0344100000000001'],
  },
} as const;

export const ILLUSTRATIVE_WOZ_ANSWER = {
  wozObject: {
    wozobjectnummer: 34400000001,
    woonplaatsnaam: 'Utrecht',
    straatnaam: 'Europalaan',
    postcode: '3526KP',
    huisnummer: 93,
    grondoppervlakte: 500,
    adresseerbaarobjectid: 344010000006589,
    nummeraanduidingid: 344200000128086,
  },
  wozWaarden: [
    { peildatum: '2022-01-01', vastgesteldeWaarde: 1_000_000 },
    { peildatum: '2025-01-01', vastgesteldeWaarde: 1_300_000 },
    { peildatum: '2021-01-01', vastgesteldeWaarde: 900_000 },
    { peildatum: '2024-01-01', vastgesteldeWaarde: 1_200_000 },
    { peildatum: '2023-01-01', vastgesteldeWaarde: 1_100_000 },
  ],
  kadastraleObjecten: [],
} as const;

/**
 * The three property upstreams as fakes on 127.0.0.1, serving the domain's recordings — the
 * data the sandbox answers from — plus, for tests only, the illustrative BAG and WOZ rows of
 * Europalaan 93. Each can be made slow, failing or rate-limited through `.pdok`, `.bag`, `.woz`.
 */
export class PropertyFakes {
  private constructor(
    readonly pdok: FakeUpstream,
    readonly bag: FakeUpstream,
    readonly woz: FakeUpstream,
  ) {}

  static async start(sources: PropertyRecordingSources): Promise<PropertyFakes> {
    const bag = sources.bag.data() as BagData;
    bag.addresses.set(EUROPALAAN_ID, ILLUSTRATIVE_BAG_ADDRESS);
    bag.verblijfsobjecten.set(EUROPALAAN_VBO, ILLUSTRATIVE_BAG_VERBLIJFSOBJECT);
    const woz = sources.woz.data() as Map<string, unknown>;
    woz.set(EUROPALAAN_ID, ILLUSTRATIVE_WOZ_ANSWER);
    return new PropertyFakes(
      await FakeUpstream.serving(sources.pdok.recording(sources.pdok.data() as never)),
      await FakeUpstream.serving(sources.bag.recording(bag as never)),
      await FakeUpstream.serving(sources.woz.recording(woz as never)),
    );
  }

  /** The services' environment pointing at these fakes; `bagKey: false` leaves BAG unconfigured. */
  env(options: { bagKey?: boolean } = {}): NodeJS.ProcessEnv {
    return {
      PDOK_URL: this.pdok.url,
      BAG_URL: this.bag.url,
      WOZ_URL: this.woz.url,
      ...(options.bagKey !== false && { BAG_API_KEY: 'test-bag-key' }),
    };
  }

  reset(): void {
    for (const fake of [this.pdok, this.bag, this.woz]) fake.reset();
  }

  async close(): Promise<void> {
    await Promise.all([this.pdok.close(), this.bag.close(), this.woz.close()]);
  }
}
