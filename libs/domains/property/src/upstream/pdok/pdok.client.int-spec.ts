import { LIVE } from '@nl/platform-context';
import { Upstream } from '@nl/platform-upstream';
import { FakeUpstream } from '@nl/testing';
import { PDOK_UPSTREAM, PdokClient, REVERSE_FIELDS, SUGGEST_FIELDS } from './pdok.client.js';
import { pdokRecording } from './pdok.recording.js';

const settings = (url: string) => ({
  pdok: { url },
  bag: { url: null, apiKey: null },
  woz: { url: null },
  epOnline: { url: null, apiKey: null },
  plans: { url: null, apiKey: null },
});

describe(PdokClient.name, () => {
  let pdok: FakeUpstream;
  beforeEach(async () => {
    pdok = await FakeUpstream.serving(pdokRecording());
  });
  afterEach(() => pdok.close());

  const asked = () => pdok.calls.map((c) => Object.fromEntries(new URLSearchParams(c.query)));

  it('should send Solr syntax characters of the text escaped, as text', async () => {
    const sut = new PdokClient(Upstream.from(PDOK_UPSTREAM, settings(pdok.url)));
    const docs = await sut.suggest('westeringlaan 18a-1 "maasbree', LIVE);
    expect(docs).toHaveLength(10);
    expect(asked()[0]).toMatchObject({
      q: 'westeringlaan 18a\\-1 \\"maasbree',
      fl: SUGGEST_FIELDS,
      rows: '10',
    });
  });

  it('should ask again without fl when PDOK refuses it, and leave it out from then on', async () => {
    const sut = new PdokClient(Upstream.from(PDOK_UPSTREAM, settings(pdok.url)));
    pdok.fail(400, { error: { msg: "query parameter 'fl' not defined", code: 400 } }, 1);
    expect(await sut.suggest('westeringlaan', LIVE)).toHaveLength(10);
    expect(await sut.suggest('westeringlaan 18', LIVE)).toHaveLength(10);
    expect(asked().map((q) => q['fl'] ?? null)).toEqual([SUGGEST_FIELDS, null, null]);
  });

  it('should find an address by postcode and number with exactly its letter and addition', async () => {
    const sut = new PdokClient(Upstream.from(PDOK_UPSTREAM, settings(pdok.url)));
    const europalaan = { postcode: '3526KP', house_number: 93 };
    expect((await sut.byAddress(europalaan, LIVE))?.nummeraanduiding_id).toBe('0344200000128086');
    expect(await sut.byAddress({ ...europalaan, house_number_addition: '1' }, LIVE)).toBeNull();
    expect(asked()[0]).toMatchObject({
      q: 'postcode:3526KP and huisnummer:93',
      fq: 'type:adres',
      fl: '*',
    });
  });

  it('should ask /reverse for the addresses near a point within the radius, nearest first', async () => {
    const sut = new PdokClient(Upstream.from(PDOK_UPSTREAM, settings(pdok.url)));
    const docs = await sut.reverse({ lat: 52.0642, lon: 5.107 }, 20, 10, LIVE);
    expect(docs.map((d) => [d.huisnummer, d.afstand])).toEqual([
      [93, 6.13],
      [95, 19.27],
    ]);
    expect(asked()[0]).toEqual({
      lat: '52.0642',
      lon: '5.107',
      type: 'adres',
      distance: '20',
      rows: '10',
      fl: REVERSE_FIELDS,
    });
  });

  it('should fail as PDOK fails on /reverse, as on its other paths', async () => {
    const sut = new PdokClient(Upstream.from(PDOK_UPSTREAM, settings(pdok.url)));
    pdok.fail(500);
    await expect(sut.reverse({ lat: 52.0642, lon: 5.107 }, 250, 10, LIVE)).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
