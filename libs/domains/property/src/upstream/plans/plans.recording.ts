import { PLANS_SANDBOX_POINTS as POINTS } from '@nl/contracts-property';
import type { RecordedAnswer, Recording } from '@nl/platform-upstream';
import { readFileSync } from 'node:fs';
import type { RpBestemmingsvlak, RpPage, RpPlan } from './plans.types.js';

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as T;

/** `[lon, lat]` in degrees. */
type Position = readonly [number, number];

/** Plans recorded at one point, and the bestemmingsvlakken of each plan there. */
export interface RecordedPlace {
  readonly at: Position;
  readonly plans: readonly RpPlan[];
  readonly vlakken: ReadonlyMap<string, readonly RpBestemmingsvlak[]>;
}

/** The plans API's answers as recorded (recorded/PROVENANCE.md). A test fake may add places. */
export type PlansRecorded = RecordedPlace[];

export function recordedPlans(): PlansRecorded {
  const plans = read<RpPage<'plannen', RpPlan>>('illustrative_plans_europalaan.json');
  const vlakken = read<RpPage<'bestemmingsvlakken', RpBestemmingsvlak>>(
    'illustrative_vlakken_europalaan.json',
  );
  const { lat, lon } = POINTS.europalaan;
  return [
    {
      at: [lon, lat],
      plans: plans._embedded?.plannen ?? [],
      vlakken: new Map([
        ['NL.IMRO.0344.ILLUSTRATIEF01-VA01', vlakken._embedded?.bestemmingsvlakken ?? []],
      ]),
    },
  ];
}

/** A point matches a recorded place within about 25 m (1e-4° latitude is 11 m). */
const NEAR_DEGREES = 2.5e-4;
const near = (a: Position, b: Position) =>
  Math.abs(a[0] - b[0]) < NEAR_DEGREES && Math.abs(a[1] - b[1]) < NEAR_DEGREES;

const TRIGGERS: ReadonlyArray<{ at: Position; answer: RecordedAnswer }> = [
  { at: [POINTS.timeout.lon, POINTS.timeout.lat], answer: { fail: 'timeout' } },
  { at: [POINTS.down.lon, POINTS.down.lat], answer: { fail: 'unavailable' } },
];

/** The point of a `{_geo: {intersects|contains: Point}}` body, or null. */
function pointOf(json: unknown): Position | null {
  const geo = (json as { _geo?: Record<string, { type?: string; coordinates?: unknown }> })?._geo;
  const geometry = geo?.['intersects'] ?? geo?.['contains'];
  const coordinates = geometry?.type === 'Point' ? geometry.coordinates : undefined;
  return Array.isArray(coordinates) &&
    coordinates.length === 2 &&
    coordinates.every((c) => typeof c === 'number')
    ? [coordinates[0] as number, coordinates[1] as number]
    : null;
}

const page = (key: string, items: readonly unknown[]): RecordedAnswer => ({
  body: { _embedded: { [key]: items }, _links: { self: { href: 'recorded' } } },
});
const BAD_REQUEST: RecordedAnswer = {
  status: 400,
  body: { status: 400, title: 'Bad Request', detail: 'invalid geometry' },
};

const VLAKKEN = /^\/plannen\/([^/]+)\/bestemmingsvlakken\/_zoek$/;

/**
 * The Ruimtelijke Plannen API v4 as recorded: `POST /plannen/_zoek` with a point answers the
 * plans of a recorded place near it (an empty page anywhere else), and
 * `POST /plannen/{id}/bestemmingsvlakken/_zoek` that plan's vlakken there; the two trigger
 * points time out or cannot be reached.
 */
export function plansRecording(data: PlansRecorded = recordedPlans()): Recording {
  return {
    upstream: 'ruimtelijke-plannen',
    answer: (request) => {
      if (request.method !== 'POST') return { status: 405, body: { status: 405 } };
      const point = pointOf(request.json);
      if (!point) return BAD_REQUEST;
      const trigger = TRIGGERS.find((t) => near(t.at, point));
      if (trigger) return trigger.answer;
      const place = data.find((p) => near(p.at, point));
      if (request.path === '/plannen/_zoek') return page('plannen', place?.plans ?? []);
      const planId = VLAKKEN.exec(request.path)?.[1];
      if (planId === undefined) return { status: 404, body: { status: 404, title: 'Not Found' } };
      return page('bestemmingsvlakken', place?.vlakken.get(decodeURIComponent(planId)) ?? []);
    },
  };
}
