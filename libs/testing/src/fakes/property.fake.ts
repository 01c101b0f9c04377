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

/** The property domain's five recordings (`pdokRecording`, `recordedPdok`, … of `@nl/domain-property`). */
export interface PropertyRecordingSources {
  readonly pdok: RecordingSource;
  readonly bag: RecordingSource;
  readonly woz: RecordingSource;
  readonly epOnline: RecordingSource;
  readonly plans: RecordingSource;
}

/** Europalaan 93, Utrecht: the sandbox address (PDOK recorded; BAG, WOZ, EP-Online and plans illustrative). */
export const EUROPALAAN_ID = '0344200000128086';
const EUROPALAAN_VBO = '0344010000006589';

/** The shapes of the recordings' data that {@link PropertyFakes.copyEuropalaan} writes to. */
type Doc = Record<string, unknown>;
interface PropertyData {
  readonly pdok: { readonly addresses: Doc[] };
  readonly bag: {
    readonly addresses: Map<string, Doc>;
    readonly verblijfsobjecten: Map<string, { verblijfsobject: Doc }>;
  };
  readonly woz: Map<string, { wozObject: Doc }>;
  readonly epOnline: Map<string, readonly Doc[]>;
  readonly plans: { at: readonly [number, number]; plans: unknown; vlakken: unknown }[];
}

/** A test address made by {@link PropertyFakes.copyEuropalaan}. */
export interface TestAddress {
  readonly postcode: string;
  readonly house_number: number;
  readonly id: string;
  readonly vbo: string;
  readonly lat: number;
  readonly lon: number;
}

/**
 * The five property upstreams as fakes on 127.0.0.1, serving the domain's recordings — the data
 * the sandbox answers from. Each can be made slow, failing or rate-limited through its field.
 */
export class PropertyFakes {
  private constructor(
    private readonly data: PropertyData,
    readonly pdok: FakeUpstream,
    readonly bag: FakeUpstream,
    readonly woz: FakeUpstream,
    readonly epOnline: FakeUpstream,
    readonly plans: FakeUpstream,
  ) {}

  static async start(sources: PropertyRecordingSources): Promise<PropertyFakes> {
    const data = {
      pdok: sources.pdok.data(),
      bag: sources.bag.data(),
      woz: sources.woz.data(),
      epOnline: sources.epOnline.data(),
      plans: sources.plans.data(),
    } as PropertyData;
    const serve = (name: keyof PropertyRecordingSources) =>
      FakeUpstream.serving(sources[name].recording(data[name] as never));
    return new PropertyFakes(
      data,
      await serve('pdok'),
      await serve('bag'),
      await serve('woz'),
      await serve('epOnline'),
      await serve('plans'),
    );
  }

  /**
   * Test rows only (never the sandbox's): Europalaan 93 copied to another house number, with
   * its own ids and a point `houseNumber` × 110 m further north, in all five fakes, so a test
   * has a fresh address whose dossier nothing has cached yet (PDOK's `/reverse` finds it at its
   * point too, so it also makes addresses near a point). `pdokObject` makes PDOK's copy name
   * another adresseerbaar object than BAG's (a PDOK that lags a change in BAG).
   */
  copyEuropalaan(houseNumber: number, options: { pdokObject?: string } = {}): TestAddress {
    const pad = (prefix: string) => `${prefix}${String(900_000 + houseNumber).padStart(8, '0')}`;
    const id = pad('03442000');
    const vbo = pad('03440100');
    const doc = this.data.pdok.addresses.find((d) => d['nummeraanduiding_id'] === EUROPALAAN_ID);
    if (!doc) throw new Error('the PDOK recording lost Europalaan 93');
    const [lon, lat] = [5.10696041, 52.06415055 + houseNumber * 0.001];
    this.data.pdok.addresses.push({
      ...doc,
      id: `adr-test-${houseNumber}`,
      huisnummer: houseNumber,
      huis_nlt: String(houseNumber),
      weergavenaam: `Europalaan ${houseNumber}, 3526KP Utrecht`,
      nummeraanduiding_id: id,
      adresseerbaarobject_id: options.pdokObject ?? vbo,
      identificatie: `${options.pdokObject ?? vbo}-${id}`,
      centroide_ll: `POINT(${lon} ${lat})`,
    });
    const bagAddress = this.data.bag.addresses.get(EUROPALAAN_ID);
    const bagVbo = this.data.bag.verblijfsobjecten.get(EUROPALAAN_VBO);
    if (bagAddress && bagVbo) {
      this.data.bag.addresses.set(id, {
        ...bagAddress,
        huisnummer: houseNumber,
        nummeraanduidingIdentificatie: id,
        adresseerbaarObjectIdentificatie: vbo,
      });
      this.data.bag.verblijfsobjecten.set(vbo, {
        verblijfsobject: { ...bagVbo.verblijfsobject, identificatie: vbo, heeftAlsHoofdAdres: id },
      });
    }
    const woz = this.data.woz.get(EUROPALAAN_ID);
    if (woz)
      this.data.woz.set(id, { ...woz, wozObject: { ...woz.wozObject, huisnummer: houseNumber } });
    const labels = this.data.epOnline.get(EUROPALAAN_VBO);
    if (labels)
      this.data.epOnline.set(
        vbo,
        labels.map((label) => ({ ...label, Huisnummer: houseNumber, BAGVerblijfsobjectID: vbo })),
      );
    const place = this.data.plans[0];
    if (place) this.data.plans.push({ ...place, at: [lon, lat] });
    return { postcode: '3526KP', house_number: houseNumber, id, vbo, lat, lon };
  }

  /** The services' environment pointing at these fakes; `false` leaves a keyed source unconfigured. */
  env(
    options: { bagKey?: boolean; epOnlineKey?: boolean; plansKey?: boolean } = {},
  ): NodeJS.ProcessEnv {
    return {
      PDOK_URL: this.pdok.url,
      BAG_URL: this.bag.url,
      WOZ_URL: this.woz.url,
      EP_ONLINE_URL: this.epOnline.url,
      RUIMTELIJKE_PLANNEN_URL: this.plans.url,
      ...(options.bagKey !== false && { BAG_API_KEY: 'test-bag-key' }),
      ...(options.epOnlineKey !== false && { EP_ONLINE_API_KEY: 'test-ep-online-key' }),
      ...(options.plansKey !== false && { RUIMTELIJKE_PLANNEN_API_KEY: 'test-plans-key' }),
    };
  }

  private get all(): FakeUpstream[] {
    return [this.pdok, this.bag, this.woz, this.epOnline, this.plans];
  }

  reset(): void {
    for (const fake of this.all) fake.reset();
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map((fake) => fake.close()));
  }
}
