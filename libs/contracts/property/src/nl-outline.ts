import { readFileSync } from 'node:fs';

/** A box around the outline and its margin, in WGS84 degrees: no point outside it is in. */
export const NL_BOUNDS = { lat: [50.7, 53.6], lon: [3.3, 7.3] } as const;

/** `[lon, lat]` in WGS84. */
type Position = readonly [number, number];
/** An outer ring and its holes. */
type Polygon = readonly (readonly Position[])[];

/** How far outside the generalised outline a point may lie and still count (data/PROVENANCE.md). */
export const NL_MARGIN_M = 2_000;
const METRES_PER_DEGREE = 111_320;

let polygons: readonly Polygon[] | undefined;

/** The outline, read on first use (24 KB). */
function outline(): readonly Polygon[] {
  polygons ??= (
    JSON.parse(readFileSync(new URL('./data/nl-outline.json', import.meta.url), 'utf8')) as {
      polygons: Polygon[];
    }
  ).polygons;
  return polygons;
}

/** Even-odd ray casting over all rings of a polygon (holes included). */
function inside([x, y]: Position, polygon: Polygon): boolean {
  let result = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
    }
  }
  return result;
}

/** Distance in metres from a point to a segment, on a local equirectangular projection. */
function segmentDistance(point: Position, a: Position, b: Position, cosLat: number): number {
  const px = (point[0] - a[0]) * cosLat;
  const py = point[1] - a[1];
  const bx = (b[0] - a[0]) * cosLat;
  const by = b[1] - a[1];
  const length = bx * bx + by * by;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / length));
  return Math.hypot(px - t * bx, py - t * by) * METRES_PER_DEGREE;
}

function near(point: Position, polygon: Polygon, cosLat: number): boolean {
  return polygon.some((ring) =>
    ring.some((a, i) => i > 0 && segmentDistance(point, ring[i - 1], a, cosLat) <= NL_MARGIN_M),
  );
}

/**
 * Whether WGS84 coordinates lie in the European Netherlands (land, inland water and the
 * Wadden islands), allowing {@link NL_MARGIN_M} around the generalised outline.
 */
export function inNetherlands(lat: number, lon: number): boolean {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return false;
  // Far outside the bounding box: no need to look at the outline.
  const [south, north] = NL_BOUNDS.lat;
  const [west, east] = NL_BOUNDS.lon;
  if (lat < south || lat > north || lon < west || lon > east) return false;
  const point: Position = [lon, lat];
  const all = outline();
  if (all.some((polygon) => inside(point, polygon))) return true;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  return all.some((polygon) => near(point, polygon, cosLat));
}
