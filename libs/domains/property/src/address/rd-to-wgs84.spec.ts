import { readFileSync } from 'node:fs';
import { pointOf } from '../upstream/pdok/pdok.mapper.js';
import type { PdokAnswer } from '../upstream/pdok/pdok.types.js';
import { RD_ORIGIN, metresBetween, rdToWgs84 } from './rd-to-wgs84.js';

const json = <T>(path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;

/** NSGI's RDNAPTRANS™ validation points and PDOK pairs of RD and WGS84 (data/PROVENANCE.md). */
const REFERENCE = json<{
  nsgi: { id: string; where: string; lat: number; lon: number; x: number; y: number }[];
  pdok: { id: string; label: string; centroide_rd: string; centroide_ll: string }[];
}>('../data/rd-wgs84-reference.json');

/** Every recorded PDOK document that carries both its RD and its WGS84 point. */
const PDOK_DOCS = [
  ...REFERENCE.pdok.map((p) => ({ weergavenaam: p.label, ...p })),
  ...[
    'lookup.json',
    'free.json',
    'docs_bolognalaan_3584CJ.json',
    'free_postcode_3584CC.json',
  ].flatMap((file) => json<PdokAnswer>(`../upstream/pdok/recorded/${file}`).response.docs),
].filter((doc) => doc.centroide_rd && doc.centroide_ll);

/** `POINT(x y)` in RD New. */
const rdOf = (wkt: string | undefined) => {
  const [x, y] =
    /^POINT\((\S+) (\S+)\)$/
      .exec(wkt ?? '')
      ?.slice(1)
      .map(Number) ?? [];
  return { x: x ?? NaN, y: y ?? NaN };
};

describe(rdToWgs84.name, () => {
  it('should put the RD origin (Amersfoort, 155000 463000) at 52.15517440 N 5.38720621 E', () => {
    expect(rdToWgs84(155_000, 463_000)).toEqual({ lat: 52.1551744, lon: 5.38720621 });
    expect(RD_ORIGIN).toEqual({ lat: 52.1551744, lon: 5.38720621 });
  });

  it.each(REFERENCE.nsgi.map((p) => [p.id, p.where, p] as const))(
    "should come within half a metre of NSGI's validation point %s (%s)",
    (_id, _where, point) => {
      expect(metresBetween(rdToWgs84(point.x, point.y), point)).toBeLessThan(0.5);
    },
  );

  it('should have PDOK pairs from all over the recorded answers', () => {
    expect(PDOK_DOCS.length).toBeGreaterThanOrEqual(9);
  });

  it.each(PDOK_DOCS.map((doc) => [doc.weergavenaam, doc] as const))(
    "should convert PDOK's RD point of %s to within a metre of PDOK's own WGS84 point",
    (_label, doc) => {
      const { x, y } = rdOf(doc.centroide_rd);
      expect(metresBetween(rdToWgs84(x, y), pointOf(doc.centroide_ll))).toBeLessThan(1);
    },
  );

  it('should give eight decimals, as PDOK writes its points', () => {
    const { lat, lon } = rdToWgs84(89_652, 419_507) ?? { lat: Number.NaN, lon: Number.NaN };
    expect(lat).toBe(Number(lat.toFixed(8)));
    expect(lon).toBe(Number(lon.toFixed(8)));
  });

  it('should have no answer outside RD New or for what is not a number', () => {
    expect(rdToWgs84(400_000, 463_000)).toBeNull();
    expect(rdToWgs84(155_000, 100_000)).toBeNull();
    expect(rdToWgs84(Number.NaN, 463_000)).toBeNull();
    expect(rdToWgs84(155_000, Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe(metresBetween.name, () => {
  it('should measure a thousandth of a degree of latitude as about 111 metres', () => {
    expect(metresBetween({ lat: 52, lon: 5 }, { lat: 52.001, lon: 5 })).toBeCloseTo(111.2, 1);
  });

  it('should measure nothing to a missing point, so no bound holds', () => {
    expect(metresBetween({ lat: null, lon: null }, { lat: 52, lon: 5 })).toBeNaN();
    expect(metresBetween(null, { lat: 52, lon: 5 })).toBeNaN();
  });
});
